import { Controller, Get, Query } from '@nestjs/common';
import type { AdminStats } from '@academy/contracts';
import { AdminOnly } from '../../identity/current-user.decorator';
import { AdminStatsService } from './admin-stats.service';

@Controller('api/admin/stats')
@AdminOnly()
export class AdminStatsController {
  constructor(private readonly stats: AdminStatsService) {}

  /** `?from=YYYY-MM-DD&to=YYYY-MM-DD` (Oslo days, inclusive; default the last 30 days). */
  @Get()
  get(@Query() query: Record<string, unknown>): Promise<AdminStats> {
    return this.stats.stats(query);
  }
}
