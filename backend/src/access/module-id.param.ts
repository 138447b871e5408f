import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../platform/errors/app-error';
import { MSG } from '@academy/contracts';

/** Parses a module id strictly: digits only, no leading zero, within the database's int range. */
export function parseModuleId(value: unknown): number {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) {
    throw badRequest(MSG.invalidModuleId, 'VALIDATION_FAILED');
  }
  return Number(value);
}

/**
 * The route's `:moduleId` as a number, else 400. A param decorator rather than a pipe, because the
 * global ValidationPipe would first turn '1e3' or '01' into a number.
 */
export const ModuleIdParam = createParamDecorator((_: unknown, ctx: ExecutionContext): number => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest<{ Params: { moduleId?: string } }>>();
  return parseModuleId(req.params?.moduleId);
});
