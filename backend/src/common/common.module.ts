import { Global, Module } from '@nestjs/common';
import { BatchedThrottlerStorage } from './batched-throttler.storage';
import { DbThrottlerStorage } from './db-throttler.storage';

@Global()
@Module({ providers: [DbThrottlerStorage, BatchedThrottlerStorage], exports: [DbThrottlerStorage, BatchedThrottlerStorage] })
export class CommonModule {}
