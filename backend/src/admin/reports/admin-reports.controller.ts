import { Readable } from 'node:stream';
import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../../identity/current-user.decorator';
import { SalesReportService } from '../../orders/reports/sales-report.service';
import { salesCsvHead, salesCsvRow } from './sales-csv';

/** The accountant's view ("Regnskap"): receipts and credit notes of an Oslo period (docs/decisions.md "MVA"). */
@Controller('api/admin/reports')
@AdminOnly()
export class AdminReportsController {
  constructor(private readonly reports: SalesReportService) {}

  /**
   * The period's rows and totals (SalesReportResponse), written batch by batch: a year's answer is
   * 5 MB of JSON, which built whole took the app's memory over its goal (docs/performance.md
   * "Mentor requests at scale (issue 47)").
   */
  @Get('sales')
  sales(@Query('from') from: unknown, @Query('to') to: unknown, @Res() reply: FastifyReply): void {
    const period = this.reports.period(from, to);
    void reply
      .header('content-type', 'application/json; charset=utf-8')
      // Bytes, not objects: the stream reads the next batch only when the last is on its way out
      // (in object mode it read 16 batches ahead, most of the year).
      .send(Readable.from(this.reports.json(period), { objectMode: false }));
  }

  /** Every row of the period as CSV for Excel (`;`, decimal comma, UTF-8 with BOM), streamed batch by batch. */
  @Get('sales.csv')
  salesCsv(@Query('from') from: unknown, @Query('to') to: unknown, @Res() reply: FastifyReply): void {
    const period = this.reports.period(from, to);
    const reports = this.reports;
    async function* chunks(): AsyncGenerator<string> {
      yield salesCsvHead();
      for await (const rows of reports.batches(period)) yield rows.map(salesCsvRow).join('');
    }
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="salg-${period.from}-${period.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(chunks()));
  }
}
