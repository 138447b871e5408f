import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../platform/config';
import { withMigrationLock } from '../platform/database/migrate';
import { seedAdmin } from './admin.seed';

/** At start: the mentor's account (under the startup lock, so several instances create it once). */
@Injectable()
export class AdminSeedService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  onModuleInit(): Promise<void> {
    return withMigrationLock(this.ds, () => seedAdmin(this.ds, this.cfg));
  }
}
