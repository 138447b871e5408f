import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { StatusReport } from '@academy/contracts';
import { DoctorService } from '../../doctor/doctor.service';
import { AdminOnly } from '../../identity/current-user.decorator';
import { RouteLimits, type RouteLimit } from '../../platform/security/route-policy';
import { explainReport } from './plain-status';

/**
 * A run asks every provider (Stripe, Vipps, Discord, Mux, SMTP, DNS, S3) and reads the newest backup to
 * its end: 30 in ten minutes per account is more than «Kjør sjekkene» needs.
 */
export const STATUS_RUN_LIMITS: RouteLimit[] = [
  { name: 'status-run', key: 'account', rate: { hits: 30, windowMs: 600_000 }, exact: true },
];

/**
 * «Driftsstatus»: the doctor's last results on this instance, and a new run
 * (docs/decisions.md "Going live"), each check also in plain words for the mentor (plain-status.ts).
 */
@Controller('api/admin/status')
@AdminOnly()
export class AdminStatusController {
  constructor(private readonly doctor: DoctorService) {}

  @Get()
  async latest(): Promise<StatusReport> {
    return explainReport(await this.doctor.latest());
  }

  @Post('run')
  @HttpCode(200)
  @RouteLimits(...STATUS_RUN_LIMITS)
  async run(): Promise<StatusReport> {
    return explainReport(await this.doctor.run());
  }
}
