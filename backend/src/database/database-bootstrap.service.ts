import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config';
import { runMigrations, withMigrationLock } from './migrate';
import { seed } from './seed';

/** At start: migrations (under a lock), then the idempotent seed. */
@Injectable()
export class DatabaseBootstrapService implements OnModuleInit {
  private readonly logger = new Logger('Database');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await withMigrationLock(this.ds, async () => {
      await runMigrations(this.ds, this.logger);
      await seed(this.ds, this.cfg);
    });
  }
}
