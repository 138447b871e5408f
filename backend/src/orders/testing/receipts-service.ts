import type { DataSource } from 'typeorm';
import type { CatalogContentService } from '../../catalog/catalog-content.service';
import { parseEnv, type AppConfig } from '../../platform/config/env.schema';
import { Clock, SystemClock } from '../../platform/time/clock';
import { ReceiptsService } from '../receipts/receipts.service';

/** For specs: the real ReceiptsService on the spec's database, with course titles from a stub and every course at 25 % MVA. */
export function receiptsService(
  ds: DataSource,
  cfg: AppConfig = parseEnv({ NODE_ENV: 'test' }),
  clock: Clock = new SystemClock(),
): ReceiptsService {
  const content = {
    titleOf: async (courseId: string) => `Kurs ${courseId}`,
    findCourse: async () => null,
  } as unknown as CatalogContentService;
  return new ReceiptsService(ds, cfg, clock, content);
}
