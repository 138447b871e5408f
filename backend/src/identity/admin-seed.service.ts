import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../platform/config';
import { withMigrationLock } from '../platform/database/migrate';
import { seedAdmin, type SeededAdmin } from './admin.seed';

/** At start: the mentor's account (under the startup lock, so several instances create it once). */
@Injectable()
export class AdminSeedService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /** The administrator this start made, if any (main.ts tells `npm start`, which prints it in its banner). */
  seeded: SeededAdmin | null = null;

  async onModuleInit(): Promise<void> {
    this.seeded = await withMigrationLock(this.ds, () => seedAdmin(this.ds, this.cfg));
  }
}
