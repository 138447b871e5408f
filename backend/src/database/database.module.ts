import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config';
import { buildDataSourceOptions } from './data-source-options';
import { DatabaseBootstrapService } from './database-bootstrap.service';
import { ENTITIES } from './entities';
import { installSqliteGate } from './sqlite-gate';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (cfg: AppConfig) => ({
        ...buildDataSourceOptions({ databaseUrl: cfg.databaseUrl, poolSize: cfg.databasePoolSize }),
        retryAttempts: cfg.nodeEnv === 'test' ? 1 : 10,
        retryDelay: 2000,
      }),
      dataSourceFactory: async (options?: DataSourceOptions) => {
        const ds = await new DataSource(options!).initialize();
        installSqliteGate(ds);
        return ds;
      },
    }),
    TypeOrmModule.forFeature(ENTITIES),
  ],
  providers: [DatabaseBootstrapService],
  exports: [TypeOrmModule],
})
export class DatabaseModule {}
