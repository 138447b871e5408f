import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { ERROR_CODES, ERROR_MESSAGES, MSG } from '@academy/contracts';
import { AppError } from './app-error';
import { isDatabaseUnavailable, toApiError } from './to-api-error';

describe('toApiError', () => {
  it('keeps the shape of our own errors', () => {
    expect(toApiError(new AppError(409, 'ALREADY_OWNED', 'Du eier kurset')).body).toEqual({
      statusCode: 409,
      code: 'ALREADY_OWNED',
      message: 'Du eier kurset',
    });
  });

  it('gives Nest and Fastify errors a Norwegian message and a code', () => {
    expect(toApiError(new NotFoundException()).body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(toApiError(new HttpException('Body is not valid JSON', 400)).body).toMatchObject({ code: 'INVALID_JSON' });
    expect(toApiError(new HttpException('too large', 413)).body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(toApiError(new HttpException('Too Many Requests', 429)).body).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: MSG.tooManyRequests,
    });
    expect(toApiError(new BadRequestException('x')).body.message).toBe('Ugyldige data i forespørselen');
  });

  it('answers 503 while the database is unreachable, and 500 without details for anything else', () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(down)).toBe(true);
    expect(toApiError(down).body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    const bug = toApiError(new TypeError('secret internals'));
    expect(bug.body).toEqual({ statusCode: 500, code: 'INTERNAL', message: 'Noe gikk galt hos oss. Prøv igjen.' });
    expect(bug.unexpected).toBe(true);
  });

  it("a bare HTTP status answers its code and that code's own message from the one vocabulary", () => {
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...ERROR_CODES].sort());
    for (const [status, code] of [
      [400, 'BAD_REQUEST'],
      [401, 'UNAUTHENTICATED'],
      [403, 'FORBIDDEN'],
      [404, 'NOT_FOUND'],
      [409, 'CONFLICT'],
      [413, 'PAYLOAD_TOO_LARGE'],
      [415, 'UNSUPPORTED_MEDIA_TYPE'],
      [418, 'BAD_REQUEST'],
      [429, 'TOO_MANY_REQUESTS'],
      [502, 'INTERNAL'],
      [503, 'SERVICE_UNAVAILABLE'],
    ] as const) {
      expect(toApiError(new HttpException({ reason: 'x' }, status)).body).toEqual({
        reason: 'x',
        statusCode: status,
        code,
        message: ERROR_MESSAGES[code],
      });
    }
    expect(ERROR_MESSAGES.UNAUTHENTICATED).toBe(MSG.unauthenticated);
    expect(ERROR_MESSAGES.BAD_REQUEST).toBe('Ugyldige data i forespørselen');
  });
});
