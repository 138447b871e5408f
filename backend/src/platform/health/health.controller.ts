import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MSG } from '@academy/contracts';
import { HealthService } from './health.service';

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
    if (this.health.draining)
      return void reply.status(503).send({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: MSG.serviceUnavailable,
        status: 'draining',
        database: db.ok ? 'up' : 'down',
      });
    if (db.ok) return void reply.send({ status: 'ok', database: 'up', latencyMs: db.ms });
    void reply
      .status(503)
      .send({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable, status: 'error', database: 'down' });
  }
}
