import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BatchedThrottlerStorage } from './batched-throttler.storage';
import { DbThrottlerStorage } from './db-throttler.storage';
import { RateLimit } from './entities/rate-limit.entity';
import { WriteLimit } from './write-limit';

/** Rate limits: the counters in the database (shared by every instance) and the per-client write limit. */
@Module({
  imports: [TypeOrmModule.forFeature([RateLimit])],
  providers: [DbThrottlerStorage, BatchedThrottlerStorage, WriteLimit],
  exports: [DbThrottlerStorage, BatchedThrottlerStorage, WriteLimit],
})
export class SecurityModule {}
