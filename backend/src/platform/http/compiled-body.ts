import type { Type } from '@nestjs/common';
import { TransformationType } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import {
  getMetadataStorage,
  ValidationTypes,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { bodyProblem } from './validation.pipe';

interface Check {
  validate: ValidatorConstraintInterface['validate'];
  constraints: unknown[];
  validateIf?: (object: object, value: unknown) => boolean;
}

interface Property {
  transforms: Array<(params: { value: unknown; key: string; obj: object; type: TransformationType; options: object }) => unknown>;
  /** The DTO of a nested object (`@Type` with `@ValidateNested`), compiled too. */
  nested: Plan | null;
  conditions: Array<(object: object, value: unknown) => boolean>;
  checks: Check[];
}

interface Plan {
  ctor: Type<object>;
  name: string;
  properties: Map<string, Property>;
}

const UNSUPPORTED = Symbol('unsupported');

function plan(ctor: Type<object>, seen: Set<Type<object>>): Plan | typeof UNSUPPORTED {
  if (seen.has(ctor)) return UNSUPPORTED;
  const storage = getMetadataStorage();
  const metadatas = storage.getTargetValidationMetadatas(ctor, undefined as unknown as string, false, false, undefined);
  if (!metadatas.length) return UNSUPPORTED;
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const m of metadatas) byProperty.set(m.propertyName, [...(byProperty.get(m.propertyName) ?? []), m]);
  const properties = new Map<string, Property>();
  for (const [name, list] of byProperty) {
    const property: Property = { transforms: [], nested: null, conditions: [], checks: [] };
    for (const m of list) {
      if (m.each || (m.groups && m.groups.length) || m.always) return UNSUPPORTED;
      if (m.type === ValidationTypes.CONDITIONAL_VALIDATION)
        property.conditions.push(m.constraints[0] as Property['conditions'][0]);
      else if (m.type === ValidationTypes.CUSTOM_VALIDATION) {
        for (const c of storage.getTargetValidatorConstraints(m.constraintCls)) {
          if (c.async) return UNSUPPORTED;
          property.checks.push({
            validate: c.instance.validate.bind(c.instance),
            constraints: m.constraints,
            validateIf: m.validateIf,
          });
        }
      } else if (m.type === ValidationTypes.NESTED_VALIDATION) {
        const type = defaultMetadataStorage.findTypeMetadata(ctor, name);
        const nestedCtor = type?.typeFunction?.() as Type<object> | undefined;
        if (!nestedCtor || type?.options?.discriminator) return UNSUPPORTED;
        const nested = plan(nestedCtor, new Set([...seen, ctor]));
        if (nested === UNSUPPORTED) return UNSUPPORTED;
        property.nested = nested;
      } else return UNSUPPORTED;
    }
    // A nested type without @ValidateNested, or any @Expose/@Exclude: left to the full pipe.
    if (!property.nested && defaultMetadataStorage.findTypeMetadata(ctor, name)) return UNSUPPORTED;
    for (const t of defaultMetadataStorage.findTransformMetadatas(ctor, name, TransformationType.PLAIN_TO_CLASS))
      property.transforms.push(t.transformFn as Property['transforms'][0]);
    properties.set(name, property);
  }
  if (defaultMetadataStorage.getStrategy(ctor) !== 'none') return UNSUPPORTED;
  return { ctor, name: ctor.name, properties };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** The instance class-transformer would make of `plain`, when every validator passes it; else null. */
function accept(plain: Record<string, unknown>, p: Plan): object | null {
  const out = new p.ctor() as Record<string, unknown>;
  for (const key of Object.keys(plain)) {
    const property = p.properties.get(key);
    if (property === undefined) return null;
    let value = plain[key];
    if (property.nested) {
      if (!isPlainObject(value)) return null;
      value = accept(value, property.nested);
      if (value === null) return null;
    } else if (typeof value === 'object') return null;
    for (const transform of property.transforms)
      value = transform({ value, key, obj: plain, type: TransformationType.PLAIN_TO_CLASS, options: {} });
    // Set even when a transform made it undefined, as class-transformer does (exposeUnsetFields).
    out[key] = value;
  }
  for (const [key, property] of p.properties) {
    const value = out[key];
    let applies = true;
    for (const condition of property.conditions) applies = condition(out, value) && applies;
    if (!applies) continue;
    for (const check of property.checks) {
      if (check.validateIf && !check.validateIf(out, value)) continue;
      const args: ValidationArguments = { targetName: p.name, property: key, object: out, value, constraints: check.constraints };
      if (check.validate(value, args) !== true) return null;
    }
  }
  return out;
}

/**
 * A body validator compiled from a DTO's own decorators (class-validator's rules, class-transformer's
 * transforms, nested DTOs), for the pipeline's hottest write: it runs the very same validator and
 * transform functions without class-validator's and class-transformer's per-request machinery
 * (metadata lookups, error objects, promises). It only ever *accepts*: for a body every rule passes it
 * answers the DTO instance the global pipe would answer; for anything else (an error to report, or a
 * shape it does not model: arrays, null, objects where text belongs, unknown fields) it answers null,
 * and the caller hands the body to the global pipe, which says what is wrong in the usual words.
 * Null for a DTO it cannot model at all (groups, `each`, async validators, `@Expose`…).
 */
export function compileBody<T extends object>(dto: Type<T>): ((body: unknown) => T | null) | null {
  const p = plan(dto, new Set());
  if (p === UNSUPPORTED) return null;
  return (body) => (isPlainObject(body) && bodyProblem(body) === null ? (accept(body, p) as T | null) : null);
}
