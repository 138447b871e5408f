import { Global, Module } from '@nestjs/common';
import { DbThrottlerStorage } from './db-throttler.storage';

@Global()
@Module({ providers: [DbThrottlerStorage], exports: [DbThrottlerStorage] })
export class CommonModule {}
