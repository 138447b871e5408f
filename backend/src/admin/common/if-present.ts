import { ValidateIf } from 'class-validator';

/** Like IsOptional, but only for a missing field: an explicit null is validated (and rejected) like any other value. */
export const IfPresent = () => ValidateIf((_o: unknown, v: unknown) => v !== undefined);
