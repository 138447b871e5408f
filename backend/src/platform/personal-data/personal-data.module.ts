import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { PersonalDataRegistry } from './personal-data.registry';

/** The registry of the modules' personal data owners (`@OwnsPersonalData`), visible to every module. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [PersonalDataRegistry],
  exports: [PersonalDataRegistry],
})
export class PersonalDataModule {}
