import { ArgumentsHost, Catch, ExceptionFilter, Logger, NotFoundException } from '@nestjs/common';
import { MSG } from '@academy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loggableUrl } from '../logging/loggable-url';
import { toApiError } from './to-api-error';

/** The request's address as logs may show it (no query values, no secret path parameters). */
const logUrl = (req: FastifyRequest | undefined) =>
  req?.url === undefined ? undefined : loggableUrl(req.url, req.routeOptions?.url);

/** One error shape for everything: `{statusCode, message, code}`. Unexpected errors are logged with the request id. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const req = ctx.getRequest<FastifyRequest>();
    const { body, unexpected } = toApiError(exception);
    if (exception instanceof NotFoundException && !(exception.getResponse() as { code?: string }).code) {
      body.message = req?.url?.startsWith('/api') ? MSG.apiNotFound : MSG.notFound;
    }
    if (unexpected) {
      this.logger.error(
        { reqId: req?.id, method: req?.method, url: logUrl(req), err: exception },
        exception instanceof Error ? exception.stack : String(exception),
      );
    } else if (body.statusCode === 503) {
      this.logger.warn({ reqId: req?.id, url: logUrl(req), err: String(exception) }, 'service unavailable');
    }
    if (reply.sent) return;
    if (body.statusCode === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60');
    void reply.status(body.statusCode).header('cache-control', 'no-store').send(body);
  }
}
