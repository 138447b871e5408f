import { Module } from '@nestjs/common';
import { OutboxModule } from '../outbox/outbox.module';
import { HealthModule } from '../platform/health/health.module';
import { MetricsModule } from '../platform/metrics/metrics.module';
import { DoctorService } from './doctor.service';

/** The doctor's checks of the site and every integration (npm run doctor, «Driftsstatus» in the panel). */
@Module({
  imports: [OutboxModule, HealthModule, MetricsModule],
  providers: [DoctorService],
  exports: [DoctorService],
})
export class DoctorModule {}
