import { Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config';
import { buildDataSourceOptions } from './data-source-options';
import { runMigrations, withMigrationLock } from './migrate';
import { installSqliteGate } from './sqlite-gate';

/**
 * The one data source. It is migrated (under the startup lock) before any module receives it, so
 * each module's own seed (onModuleInit) finds its tables. Modules register their entities
 * themselves with TypeOrmModule.forFeature; autoLoadEntities collects them.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (cfg: AppConfig) => ({
        ...buildDataSourceOptions({ databaseUrl: cfg.databaseUrl, poolSize: cfg.databasePoolSize }),
        entities: [],
        autoLoadEntities: true,
        retryAttempts: cfg.nodeEnv === 'test' ? 1 : 10,
        retryDelay: 2000,
      }),
      dataSourceFactory: async (options?: DataSourceOptions) => {
        const ds = await new DataSource(options!).initialize();
        installSqliteGate(ds);
        const logger = new Logger('Database');
        await withMigrationLock(ds, () => runMigrations(ds, logger), logger);
        return ds;
      },
    }),
  ],
  exports: [TypeOrmModule],
})
export class DatabaseModule {}
