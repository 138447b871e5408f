import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CrashPoints } from './crash-points';
import { EventBus } from './event-bus';

/** The event bus (and the test-only crash points), visible to every module. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [EventBus, CrashPoints],
  exports: [EventBus, CrashPoints],
})
export class EventsModule {}
