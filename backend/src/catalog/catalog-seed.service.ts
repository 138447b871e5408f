import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { withMigrationLock } from '../platform/database/migrate';
import { seedCatalog } from './catalog.seed';

/** At start: the catalogue's rows, once (under the startup lock, so several instances seed once). */
@Injectable()
export class CatalogSeedService implements OnModuleInit {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  onModuleInit(): Promise<void> {
    return withMigrationLock(this.ds, () => seedCatalog(this.ds));
  }
}
