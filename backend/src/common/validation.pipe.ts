import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { MSG } from '../contracts';

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
  const c = e.constraints ?? {};
  if (c.whitelistValidation) return MSG.unknownField(e.property);
  // Say what is missing before saying what is too long.
  const order = ['isDefined', 'isNotEmpty', 'isString', 'isEmail', 'isIn', 'isInt', 'isBoolean'];
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  const keys = Object.keys(c).sort((a, b) => rank(a) - rank(b));
  for (const k of keys) {
    const m = c[k];
    // class-validator's defaults are English and start with the property name; ours are Norwegian.
    if (!m.startsWith(e.property + ' ') && !/^(each value in |an unknown value|nested property)/.test(m)) return m;
  }
  if (keys.includes('unknownValue')) return MSG.validation;
  return `Ugyldig verdi for ${e.property}`;
}

/** The Norwegian message for a list of validation errors. */
export function validationMessage(errors: ValidationError[]): string {
  const e = firstError(errors);
  return e ? messageOf(e) : MSG.validation;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const e = firstError(errors);
      return new BadRequestException({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: e ? messageOf(e) : MSG.validation,
        field: e?.property,
      });
    },
  });
}
