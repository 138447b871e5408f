import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { ERROR_CODES, MSG, type ErrorCode } from '@academy/contracts';
import { AppError } from '../errors/app-error';

function firstError(errors: ValidationError[]): ValidationError | undefined {
  for (const e of errors) {
    if (e.constraints && Object.keys(e.constraints).length) return e;
    const child = e.children && firstError(e.children);
    if (child) return child;
  }
  return undefined;
}

/** Norwegian messages are written on the DTOs; anything else gets a plain Norwegian fallback. */
function messageOf(e: ValidationError): string {
  return reasonOf(e).message;
}

/** The message, and the error code a validator may name in its `context: {code}` (else VALIDATION_FAILED). */
function reasonOf(e: ValidationError): { message: string; code: ErrorCode } {
  const codeOf = (k: string): ErrorCode => {
    const code = (e.contexts?.[k] as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code)
      ? (code as ErrorCode)
      : 'VALIDATION_FAILED';
  };
  const c = e.constraints ?? {};
  if (c.whitelistValidation) return { message: MSG.unknownField(e.property), code: 'VALIDATION_FAILED' };
  // Say what is missing before saying what is too long.
  const order = ['isDefined', 'isNotEmpty', 'isString', 'isEmail', 'isIn', 'isInt', 'isBoolean'];
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  const keys = Object.keys(c).sort((a, b) => rank(a) - rank(b));
  for (const k of keys) {
    const m = c[k];
    // class-validator's defaults are English and start with the property name; ours are Norwegian.
    if (!m.startsWith(e.property + ' ') && !/^(each value in |an unknown value|nested property)/.test(m))
      return { message: m, code: codeOf(k) };
  }
  if (keys.includes('unknownValue')) return { message: MSG.validation, code: 'VALIDATION_FAILED' };
  return { message: MSG.invalidValue(e.property), code: 'VALIDATION_FAILED' };
}

/** The Norwegian message for a list of validation errors. */
export function validationMessage(errors: ValidationError[]): string {
  const e = firstError(errors);
  return e ? messageOf(e) : MSG.validation;
}

/** Deepest body accepted. Real bodies nest two levels; thousands would overflow class-transformer's recursion. */
export const MAX_BODY_DEPTH = 32;

/** A lone UTF-16 surrogate (`"\\ud800"` in JSON) is not text: it breaks encodeURIComponent and the database drivers. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * What makes a parsed body unusable before any validator sees it: objects and arrays nested deeper
 * than `max`, or a key or string that is not well-formed Unicode. Walked without recursion.
 */
export function bodyProblem(value: unknown, max = MAX_BODY_DEPTH): 'too-deep' | 'not-unicode' | null {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return 'not-unicode';
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) return 'too-deep';
    for (const [k, child] of Object.entries(v)) {
      if (LONE_SURROGATE.test(k)) return 'not-unicode';
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

/** The global pipe: bodies are screened (depth, Unicode) before class-transformer and class-validator run. */
class AppValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && bodyProblem(value) !== null) throw new AppError(400, 'VALIDATION_FAILED', MSG.validation);
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const e = firstError(errors);
      const reason = e ? reasonOf(e) : { message: MSG.validation, code: 'VALIDATION_FAILED' as const };
      return new AppError(400, reason.code, reason.message, { field: e?.property });
    },
  });
}
