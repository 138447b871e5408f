import { Global, Module } from '@nestjs/common';
import { BatchedThrottlerStorage } from './batched-throttler.storage';
import { DbThrottlerStorage } from './db-throttler.storage';
import { WriteLimit } from './write-limit';

@Global()
@Module({
  providers: [DbThrottlerStorage, BatchedThrottlerStorage, WriteLimit],
  exports: [DbThrottlerStorage, BatchedThrottlerStorage, WriteLimit],
})
export class CommonModule {}
