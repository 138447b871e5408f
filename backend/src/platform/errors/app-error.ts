import { HttpException } from '@nestjs/common';
import type { ApiError, ErrorCode } from '@academy/contracts';

/** An error with the API's shape: `{statusCode, message, code}`. */
export class AppError extends HttpException {
  constructor(statusCode: number, code: ErrorCode, message: string, extra?: Record<string, unknown>) {
    super({ statusCode, code, message, ...extra } satisfies ApiError & Record<string, unknown>, statusCode);
  }
}

export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthenticated = (message: string, code: ErrorCode = 'UNAUTHENTICATED') => new AppError(401, code, message);
export const forbidden = (message: string, code: ErrorCode = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message: string, code: ErrorCode = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message);
export const unavailable = (message: string, code: ErrorCode = 'SERVICE_UNAVAILABLE') => new AppError(503, code, message);
