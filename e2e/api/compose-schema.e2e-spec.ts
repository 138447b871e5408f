/**
 * docker-compose.yml against the Compose Specification's published JSON schema (the schema
 * `docker compose config` validates with; e2e/contracts/compose/compose-spec.json, see
 * e2e/contracts/README.md). No Docker engine runs where the suite runs, so this is the check that the
 * file Compose reads is one Compose accepts; backend/src/compose-file.spec.ts checks what going
 * live and the two app instances need of it (docs/decisions.md "Going live").
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Ajv from 'ajv';

const ROOT = join(__dirname, '..', '..');
const yaml = createRequire(__filename)('js-yaml') as { load(text: string): unknown };
const schema = JSON.parse(readFileSync(join(ROOT, 'e2e/contracts/compose/compose-spec.json'), 'utf8')) as object;

/** Compose's own reading of `${NAME}`, `${NAME:-default}` and `${NAME:?error}`, with `env` set. */
function interpolate(value: unknown, env: Record<string, string>): unknown {
  if (typeof value === 'string')
    return value.replace(
      /\$\{([A-Z0-9_]+)(?::?[-?]([^}]*))?\}/g,
      (_m, name: string, fallback?: string) => env[name] ?? fallback ?? '',
    );
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)]));
  return value;
}

describe('docker-compose.yml and the Compose Specification', () => {
  // The schema's own formats ("duration" and the like) are Compose's, not JSON Schema's: the
  // structure is what is checked here. The schema names its draft-07 meta-schema by an https address
  // ajv does not know it by, so the schema itself is taken as published.
  const validate = new Ajv({ allErrors: true, strict: false, validateFormats: false, validateSchema: false }).compile(schema);
  const file = yaml.load(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'));

  it('is valid as written and once DOMAIN and the rest are set, as `docker compose config` reads it', () => {
    for (const doc of [file, interpolate(file, { DOMAIN: 'www.example.no' })]) {
      const ok = validate(doc);
      expect(ok ? [] : validate.errors).toEqual([]);
    }
  });

  it('the schema refuses what Compose refuses (the check can fail)', () => {
    const services = (file as { services: Record<string, Record<string, unknown>> }).services;
    const broken = { ...(file as object), services: { ...services, app: { ...services.app, restart: ['always'] } } };
    expect(validate(broken)).toBe(false);
    expect(validate({ ...(file as object), servics: {} })).toBe(false);
  });
});
