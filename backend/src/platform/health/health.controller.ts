import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MSG } from '@academy/contracts';
import { AppError } from '../errors/app-error';
import { sendApiError } from '../errors/all-exceptions.filter';
import { toApiError } from '../errors/to-api-error';
import { HealthService } from './health.service';

/** 503 in the API's error shape, with the health fields beside it (sent, not thrown: an outage polled every few seconds is not logged each time). */
const unavailable = (reply: FastifyReply, fields: { status: string; database: string; instance: string }) =>
  sendApiError(reply, toApiError(new AppError(503, 'SERVICE_UNAVAILABLE', MSG.serviceUnavailable, fields)).body);

@Controller('api')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * 200 while the database answers; 503 while it does not (and 200 again once it is back), and 503
   * while the instance drains before it stops (SIGTERM), so a load balancer takes it out of rotation.
   */
  @Get('health')
  async check(@Res() reply: FastifyReply): Promise<void> {
    const db = await this.health.pingDatabase();
    reply.header('cache-control', 'no-store');
    const instance = this.health.instance;
    if (this.health.draining) return unavailable(reply, { status: 'draining', database: db.ok ? 'up' : 'down', instance });
    if (db.ok) return void reply.send({ status: 'ok', database: 'up', latencyMs: db.ms, instance });
    unavailable(reply, { status: 'error', database: 'down', instance });
  }
}
