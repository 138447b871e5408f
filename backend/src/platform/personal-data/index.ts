export {
  ERASURE_ORDER,
  OwnsPersonalData,
  type DataSubject,
  type ExportSections,
  type PersonalDataOwner,
  type PersonalDataOwnerMeta,
} from './personal-data-owner';
export { PersonalDataModule } from './personal-data.module';
export { PersonalDataRegistry, type RegisteredOwner } from './personal-data.registry';
