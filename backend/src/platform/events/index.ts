export { EventBus } from './event-bus';
export { EventsModule } from './events.module';
export { OnEvent, type EventPhase } from './on-event';
export { CrashPoints, SimulatedCrash, type CrashPoint } from './crash-points';
export { currentRequestId, enterRequest } from './request-context';
export type * from './event-map';
