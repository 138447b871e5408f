import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BatchedThrottlerStorage } from './batched-throttler.storage';
import { DbThrottlerStorage } from './db-throttler.storage';
import { RateLimit } from './entities/rate-limit.entity';
import { RouteLimiter } from './route-limiter';
import { WriteLimit } from './write-limit';

/**
 * Rate limits: the counters in the database (shared by every instance), the per-client write limit
 * and the routes' declared limits (the request pipeline's rate-limit step).
 */
@Module({
  imports: [TypeOrmModule.forFeature([RateLimit])],
  providers: [DbThrottlerStorage, BatchedThrottlerStorage, WriteLimit, RouteLimiter],
  exports: [DbThrottlerStorage, BatchedThrottlerStorage, WriteLimit, RouteLimiter],
})
export class SecurityModule {}
