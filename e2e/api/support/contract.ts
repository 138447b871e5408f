import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The providers' published API descriptions, as vendored under e2e/contracts/<provider>/operations.json
 * (see e2e/contracts/README.md), compiled once with ajv. A fake asks `check(operation, request)`
 * for each request it receives: the list of reasons the provider would refuse it (empty: acceptable).
 */

export type Provider = 'stripe' | 'vipps' | 'vipps-recurring' | 'vipps-login' | 'discord' | 'mux' | 'fiken';

export interface ContractRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** Lower-case names. */
  headers: Record<string, string | undefined>;
  body: unknown;
  contentType: string | undefined;
}

interface Part {
  type?: string;
  properties?: Record<string, unknown>;
}
interface Operation {
  method: string;
  path: string;
  path_params: Part | null;
  query: Part | null;
  headers: Part | null;
  body: { contentType: string; required: boolean; schema: unknown } | null;
}
interface Description {
  source: string;
  operations: Record<string, Operation>;
}

export interface ContractViolation {
  provider: Provider;
  operation: string;
  problems: string[];
}

/** Form and query values are strings on the wire: Stripe's schemas are matched after coercion. */
function compile(provider: Provider) {
  const doc = JSON.parse(
    readFileSync(join(__dirname, '..', '..', 'contracts', provider, 'operations.json'), 'utf8'),
  ) as Description;
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false, coerceTypes: provider === 'stripe' ? 'array' : false });
  addFormats(ajv);
  ajv.addSchema(doc as object, provider);
  const validators = new Map<string, Partial<Record<'params' | 'query' | 'headers' | 'body', ValidateFunction>>>();
  for (const [key, op] of Object.entries(doc.operations)) {
    const at = (part: string) => ajv.compile({ $ref: `${provider}#/operations/${key}/${part}` });
    validators.set(key, {
      ...(op.path_params ? { params: at('path_params') } : {}),
      ...(op.query ? { query: at('query') } : {}),
      ...(op.headers ? { headers: at('headers') } : {}),
      ...(op.body ? { body: at('body/schema') } : {}),
    });
  }
  return { doc, validators };
}

const compiled = new Map<Provider, ReturnType<typeof compile>>();

/** The checker of one provider's requests. */
export function contractOf(provider: Provider) {
  let c = compiled.get(provider);
  if (!c) {
    c = compile(provider);
    compiled.set(provider, c);
  }
  const { doc, validators } = c;
  return {
    source: doc.source,
    operations: Object.keys(doc.operations),
    /** Why the provider would refuse this request to `operation` (empty: it would take it). */
    check(operation: string, req: ContractRequest): string[] {
      const op = doc.operations[operation];
      const v = validators.get(operation);
      if (!op || !v) throw new Error(`${provider}: no published operation ${operation} in e2e/contracts`);
      const problems: string[] = [];
      const run = (part: 'params' | 'query' | 'headers' | 'body', value: unknown) => {
        const fn = v[part];
        // A copy: coercion must not change what the fake goes on to read.
        if (fn && !fn(structuredClone(value)))
          for (const e of fn.errors ?? []) problems.push(`${part}${e.instancePath} ${e.message}${paramsNote(e.params)}`);
      };
      run('params', req.params);
      run('query', req.query);
      run('headers', req.headers);
      if (op.body) {
        const empty = req.body === undefined || req.body === null || req.body === '';
        if (empty && op.body.required) problems.push('body is required');
        else if (!empty) {
          if (req.contentType && !req.contentType.startsWith(op.body.contentType))
            problems.push(`content-type must be ${op.body.contentType}, not ${req.contentType}`);
          run('body', req.body);
        }
      }
      return problems;
    },
  };
}

function paramsNote(params: Record<string, unknown>): string {
  const shown = Object.entries(params).filter(([, v]) => typeof v !== 'object' || Array.isArray(v));
  return shown.length ? ` (${shown.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')})` : '';
}
