import { applyDecorators, createParamDecorator, ExecutionContext, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './auth.types';
import { AdminGuard } from './guards/admin.guard';
import { SignedInGuard } from './guards/signed-in.guard';

/** The session's user (use behind one of the guards below). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest>();
  return (req.auth as AuthContext).user;
});

/** The whole auth context: user and session hash. */
export const CurrentAuth = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest>();
  return req.auth as AuthContext;
});

export const SignedIn = () => applyDecorators(UseGuards(SignedInGuard));
export const AdminOnly = () => applyDecorators(UseGuards(AdminGuard));
