/** Data source for the TypeORM CLI (migration:generate / migration:run). */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from './data-source-options';

export default new DataSource(
  buildDataSourceOptions({ databaseUrl: process.env.DATABASE_URL ?? 'sqlite:data/app.sqlite', logging: false }),
);
