import 'reflect-metadata';
import type { DiscoveryService } from '@nestjs/core';
import { OwnsPersonalData, type PersonalDataOwnerMeta } from './personal-data-owner';
import { PersonalDataRegistry } from './personal-data.registry';

function ownerClass(meta: PersonalDataOwnerMeta, methods = true) {
  @OwnsPersonalData(meta)
  class Owner {
    exportFor = methods ? async () => ({}) : undefined;
    eraseFor = methods ? async () => ({}) : undefined;
  }
  return Owner;
}

function registryOf(classes: Array<new () => object>, extra: object[] = []): PersonalDataRegistry {
  const wrappers = [
    ...classes.map((metatype) => ({ metatype, instance: new metatype() })),
    // A plain provider, and one without an instance yet (a factory's token): both are not owners.
    ...extra.map((instance) => ({ metatype: instance.constructor, instance })),
    { metatype: null, instance: undefined },
  ];
  const discovery = { getProviders: () => wrappers } as unknown as DiscoveryService;
  const registry = new PersonalDataRegistry(discovery);
  registry.onModuleInit();
  return registry;
}

const meta = (name: string, eraseOrder: number, sections: PersonalDataOwnerMeta['sections'] = []) => ({
  name,
  sections,
  tables: [],
  eraseOrder,
});

describe('PersonalDataRegistry: the owners found at start-up', () => {
  it('answers every owner once, in erasure order, and nothing else', () => {
    const late = ownerClass(meta('late', 90, ['discord']));
    const early = ownerClass(meta('early', 10, ['orders']));
    const registry = registryOf([late, early, early], [new (class Plain {})()]);
    expect(registry.owners().map((o) => o.meta.name)).toEqual(['early', 'late']);
  });

  it('two owners of one export section stop the start-up', () => {
    expect(() => registryOf([ownerClass(meta('a', 1, ['leads'])), ownerClass(meta('b', 2, ['leads']))])).toThrow(
      'Export section leads has two owners: a and b',
    );
  });

  it('an owner without exportFor and eraseFor stops the start-up', () => {
    expect(() => registryOf([ownerClass(meta('half', 1), false)])).toThrow(
      'Personal data owner half lacks exportFor or eraseFor',
    );
  });
});
