import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { PERSONAL_DATA_OWNER, type PersonalDataOwner, type PersonalDataOwnerMeta } from './personal-data-owner';

export interface RegisteredOwner {
  meta: PersonalDataOwnerMeta;
  owner: PersonalDataOwner;
}

/**
 * Every provider declared with `@OwnsPersonalData`, found at start-up, in erasure order. Two owners
 * of one export section, or an owner without the two methods, stop the start-up.
 */
@Injectable()
export class PersonalDataRegistry implements OnModuleInit {
  private readonly logger = new Logger('PersonalData');
  private list: RegisteredOwner[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const found = new Map<object, RegisteredOwner>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Partial<PersonalDataOwner> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.metatype) continue;
      const meta = Reflect.getMetadata(PERSONAL_DATA_OWNER, wrapper.metatype) as PersonalDataOwnerMeta | undefined;
      // A class provided by two modules is one owner (its first instance).
      if (!meta || found.has(wrapper.metatype)) continue;
      if (typeof instance.exportFor !== 'function' || typeof instance.eraseFor !== 'function')
        throw new Error(`Personal data owner ${meta.name} lacks exportFor or eraseFor`);
      found.set(wrapper.metatype, { meta, owner: instance as PersonalDataOwner });
    }
    const owners = [...found.values()].sort((a, b) => a.meta.eraseOrder - b.meta.eraseOrder);
    const sectionOwner = new Map<string, string>();
    for (const { meta } of owners)
      for (const section of meta.sections) {
        const other = sectionOwner.get(section);
        if (other) throw new Error(`Export section ${section} has two owners: ${other} and ${meta.name}`);
        sectionOwner.set(section, meta.name);
      }
    this.list = owners;
    this.logger.debug(`Personal data owners: ${owners.map((o) => o.meta.name).join(', ')}`);
  }

  /** The owners in erasure order. */
  owners(): readonly RegisteredOwner[] {
    return this.list;
  }
}
