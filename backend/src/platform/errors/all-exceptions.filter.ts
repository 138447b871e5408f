import { ArgumentsHost, Catch, ExceptionFilter, Logger, NotFoundException } from '@nestjs/common';
import { MSG } from '@academy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loggableUrl } from '../logging/loggable-url';
import { isApiPath, normalisedPath } from '../security/route-path';
import { toApiError, type MappedError } from './to-api-error';

/** The request's address as logs may show it (no query values, no secret path parameters). */
const logUrl = (req: FastifyRequest | undefined) =>
  req?.url === undefined ? undefined : loggableUrl(req.url, req.routeOptions?.url);

const logger = new Logger('Errors');

/**
 * Writes an error in the API's shape, `{statusCode, message, code}` (and any extra fields the error
 * carries), never cached; a 429 always says when to come back. The one place an error body is sent.
 */
export function sendApiError(reply: FastifyReply, body: MappedError['body']): void {
  if (reply.sent) return;
  if (body.statusCode === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60');
  void reply.status(body.statusCode).header('cache-control', 'no-store').send(body);
}

/**
 * Anything thrown while a request is handled, on any kind of route (Nest's, the pipeline's, a hook's,
 * Fastify's own): mapped by {@link toApiError}, logged with the request id when unexpected, and sent.
 */
export function answerError(exception: unknown, req: FastifyRequest | undefined, reply: FastifyReply): void {
  const { body, unexpected } = toApiError(exception);
  if (exception instanceof NotFoundException && !(exception.getResponse() as { code?: string }).code) {
    body.message = req?.url !== undefined && isApiPath(normalisedPath(req.url)) ? MSG.apiNotFound : MSG.notFound;
  }
  if (unexpected) {
    logger.error(
      { reqId: req?.id, method: req?.method, url: logUrl(req), err: exception },
      exception instanceof Error ? exception.stack : String(exception),
    );
  } else if (body.statusCode === 503) {
    logger.warn({ reqId: req?.id, url: logUrl(req), err: String(exception) }, 'service unavailable');
  }
  sendApiError(reply, body);
}

/** Nest's side of the one error mapping: every exception a Nest handler, guard or pipe throws. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    answerError(exception, ctx.getRequest<FastifyRequest>(), ctx.getResponse<FastifyReply>());
  }
}
