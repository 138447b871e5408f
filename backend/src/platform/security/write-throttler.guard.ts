import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SKIP_WRITE_LIMIT, WriteLimit } from './write-limit';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Counts state-changing requests per client address and route; reads are not limited. */
@Injectable()
export class WriteThrottlerGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly writes: WriteLimit,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    if (SAFE.has(req.method)) return true;
    if (this.reflector.getAllAndOverride<boolean>(SKIP_WRITE_LIMIT, [context.getHandler(), context.getClass()])) return true;
    await this.writes.hit(req, http.getResponse<FastifyReply>());
    return true;
  }
}
