#!/usr/bin/env node
/* global console */
/**
 * Re-extracts the parts of the providers' published API descriptions that the test fakes check
 * requests against, into e2e/contracts/<provider>/operations.json. Only the operations the site calls
 * are kept, with their parameters, request body and every schema those refer to.
 *
 *   node e2e/contracts/extract.mjs stripe  <spec3.json|spec3.yaml> "<source note>"
 *   node e2e/contracts/extract.mjs vipps   <epayment.v1.yml|json>   "<source note>"
 *   node e2e/contracts/extract.mjs vipps-recurring <docs/openapi.yaml> "<source note>"
 *   node e2e/contracts/extract.mjs discord <specs/openapi.json>     "<source note>"
 *   node e2e/contracts/extract.mjs mux     <mux_python/models dir>  "<source note>"
 *   node e2e/contracts/extract.mjs fiken   <Fiken-API-2.0.0*.yaml>  "<source note>"
 *   node e2e/contracts/extract.mjs vipps-login <login swagger.yaml>,<userinfo swagger.yaml> "<source note>"
 *
 * The source note (repository, file, commit, date) is written into the output as `source`. YAML is
 * read with js-yaml when it can be found in node_modules; otherwise convert the file to JSON first.
 * Where a provider made changes after the newest description this repository could obtain, the
 * provider's `overlay.json` (next to its operations.json, written by hand, each change with its
 * source) is applied on top: see that file.
 */
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import process from 'node:process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The operations each fake serves: [key, method, path as the description writes it]. */
const OPERATIONS = {
  stripe: [
    ['sessions.create', 'post', '/v1/checkout/sessions'],
    ['sessions.retrieve', 'get', '/v1/checkout/sessions/{session}'],
    ['sessions.expire', 'post', '/v1/checkout/sessions/{session}/expire'],
    ['paymentIntents.retrieve', 'get', '/v1/payment_intents/{intent}'],
    ['refunds.create', 'post', '/v1/refunds'],
    ['refunds.list', 'get', '/v1/refunds'],
    ['subscriptions.update', 'post', '/v1/subscriptions/{subscription_exposed_id}'],
    ['subscriptions.cancel', 'delete', '/v1/subscriptions/{subscription_exposed_id}'],
    ['invoices.retrieve', 'get', '/v1/invoices/{invoice}'],
    ['billingPortal.create', 'post', '/v1/billing_portal/sessions'],
  ],
  vipps: [
    ['create', 'post', '/epayment/v1/payments'],
    ['get', 'get', '/epayment/v1/payments/{reference}'],
    ['cancel', 'post', '/epayment/v1/payments/{reference}/cancel'],
    ['capture', 'post', '/epayment/v1/payments/{reference}/capture'],
    ['refund', 'post', '/epayment/v1/payments/{reference}/refund'],
  ],
  'vipps-recurring': [
    ['agreements.create', 'post', '/recurring/v3/agreements'],
    ['agreements.get', 'get', '/recurring/v3/agreements/{agreementId}'],
    ['agreements.update', 'patch', '/recurring/v3/agreements/{agreementId}'],
    ['charges.create', 'post', '/recurring/v3/agreements/{agreementId}/charges'],
    ['charges.get', 'get', '/recurring/v3/agreements/{agreementId}/charges/{chargeId}'],
    ['charges.cancel', 'delete', '/recurring/v3/agreements/{agreementId}/charges/{chargeId}'],
    ['charges.refund', 'post', '/recurring/v3/agreements/{agreementId}/charges/{chargeId}/refund'],
  ],
  discord: [
    ['users.me', 'get', '/users/@me'],
    ['members.get', 'get', '/guilds/{guild_id}/members/{user_id}'],
    ['members.add', 'put', '/guilds/{guild_id}/members/{user_id}'],
    ['roles.add', 'put', '/guilds/{guild_id}/members/{user_id}/roles/{role_id}'],
    ['roles.remove', 'delete', '/guilds/{guild_id}/members/{user_id}/roles/{role_id}'],
  ],
  // Vipps Login: the Login API's description and the Userinfo API's (its login-flow userinfo), merged.
  'vipps-login': [
    ['discovery', 'get', '/access-management-1.0/access/.well-known/openid-configuration'],
    ['jwks', 'get', '/access-management-1.0/access/.well-known/jwks.json'],
    ['authorize', 'get', '/access-management-1.0/access/oauth2/auth'],
    ['token', 'post', '/access-management-1.0/access/oauth2/token'],
    ['userinfo', 'get', '/vipps-userinfo-api/userinfo/'],
  ],
  // Mux: methods and paths from mux-python's API docs (DirectUploadsApi, AssetsApi); the
  // bodies from its generated models (request body model name in the fourth place).
  mux: [
    ['uploads.create', 'post', '/video/v1/uploads', 'CreateUploadRequest'],
    ['uploads.get', 'get', '/video/v1/uploads/{UPLOAD_ID}'],
    ['assets.get', 'get', '/video/v1/assets/{ASSET_ID}'],
  ],
  // Fiken: a receipt is a cash sale ("Annet salg"); a credit note is a second cash sale with the
  // amounts negated (the credit-note calls in the description need an invoice made in Fiken).
  fiken: [
    ['companies.get', 'get', '/companies/{companySlug}'],
    ['sales.list', 'get', '/companies/{companySlug}/sales'],
    ['sales.create', 'post', '/companies/{companySlug}/sales'],
    ['sales.get', 'get', '/companies/{companySlug}/sales/{saleId}'],
    ['sales.attach', 'post', '/companies/{companySlug}/sales/{saleId}/attachments'],
    // A partner payout is a purchase from the partner as supplier (a contact made once).
    ['contacts.create', 'post', '/companies/{companySlug}/contacts'],
    ['purchases.list', 'get', '/companies/{companySlug}/purchases'],
    ['purchases.create', 'post', '/companies/{companySlug}/purchases'],
  ],
};

function readSpec(file) {
  const text = readFileSync(file, 'utf8');
  if (/\.ya?ml$/i.test(file)) {
    let yaml;
    try {
      yaml = createRequire(import.meta.url)('js-yaml');
    } catch {
      throw new Error(`${file}: js-yaml is not installed here; convert the file to JSON and pass that`);
    }
    return yaml.load(text);
  }
  return JSON.parse(text);
}

const pointer = (doc, ref) =>
  ref
    .replace(/^#\//, '')
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((o, k) => o?.[k], doc);

/** Inlines `components/parameters` and `components/requestBodies` refs; collects the schema refs met. */
function collectSchemaRefs(node, out) {
  if (Array.isArray(node)) return node.forEach((n) => collectSchemaRefs(n, out));
  if (!node || typeof node !== 'object') return;
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) out.add(v.split('/').pop());
    else collectSchemaRefs(v, out);
  }
}

/** Drops prose and examples (descriptions are long; the contract is in the rest). */
function strip(node) {
  if (Array.isArray(node)) return node.map(strip);
  if (!node || typeof node !== 'object') return node;
  // A reference into another document (Vipps' Receipt lives in the Order Management API): not checked.
  if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) return { 'x-not-checked-ref': node.$ref };
  const out = {};
  // OpenAPI 3.0's boolean exclusiveMinimum/exclusiveMaximum (Vipps Recurring) as JSON Schema's numbers.
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ])
    if (typeof node[flag] === 'boolean') {
      node = { ...node };
      if (node[flag] && typeof node[bound] === 'number') {
        node[flag] = node[bound];
        delete node[bound];
      } else delete node[flag];
    }
  for (const [k, v] of Object.entries(node)) {
    if (['description', 'example', 'examples', 'x-stripeBypassValidation', 'x-expansionResources', 'externalDocs'].includes(k))
      continue;
    // `properties` names are data, not keywords: keep every key there.
    out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v).map(([p, s]) => [p, strip(s)])) : strip(v);
  }
  return out;
}

function paramsSchema(params, where, closed) {
  const mine = params.filter((p) => p.in === where);
  if (!mine.length && where !== 'query') return null;
  const name = (p) => (where === 'header' ? p.name.toLowerCase() : p.name);
  return {
    type: 'object',
    properties: Object.fromEntries(mine.map((p) => [name(p), p.schema ?? {}])),
    required: mine.filter((p) => p.required).map(name),
    ...(closed ? { additionalProperties: false } : {}),
  };
}

function fromOpenApi(provider, doc) {
  const operations = {};
  const refs = new Set();
  for (const [key, method, path] of OPERATIONS[provider]) {
    const item = doc.paths?.[path];
    const op = item?.[method];
    if (!op) throw new Error(`${provider}: ${method.toUpperCase()} ${path} is not in the description`);
    const deref = (p) => (p.$ref ? pointer(doc, p.$ref) : p);
    const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref);
    const body = op.requestBody ? deref(op.requestBody) : null;
    const [contentType, media] = body ? Object.entries(body.content ?? {})[0] : [null, null];
    const entry = {
      operationId: op.operationId ?? null,
      method: method.toUpperCase(),
      path,
      // Stripe refuses a query parameter it does not know; the others are not checked for extras.
      path_params: paramsSchema(params, 'path', false),
      query: paramsSchema(params, 'query', provider === 'stripe'),
      headers: paramsSchema(params, 'header', false),
      body: body ? { contentType, required: body.required === true, schema: media?.schema ?? {} } : null,
    };
    collectSchemaRefs(entry, refs);
    operations[key] = strip(entry);
  }
  // The transitive closure of the schemas the requests refer to.
  const schemas = {};
  const queue = [...refs];
  while (queue.length) {
    const name = queue.shift();
    if (schemas[name]) continue;
    const s = doc.components?.schemas?.[name];
    if (!s) throw new Error(`${provider}: schema ${name} is missing`);
    schemas[name] = strip(s);
    const more = new Set();
    collectSchemaRefs(s, more);
    for (const m of more) if (!schemas[m]) queue.push(m);
  }
  return {
    info: { title: doc.info?.title, version: doc.info?.version, openapi: doc.openapi },
    operations,
    components: { schemas },
  };
}

/**
 * Mux publishes no description file in a public repository; its SDKs are generated from it. This
 * reads mux-python's generated models (their `openapi_types` and `allowed_values` tables) back into
 * JSON Schema: the property names, types and enums the description declares.
 */
function fromMuxModels(dir) {
  const files = new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.py'))
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );
  const byClass = new Map();
  for (const text of files.values()) {
    const cls = /^class (\w+)\(object\):/m.exec(text);
    if (cls) byClass.set(cls[1], text);
  }
  const schemas = {};
  const typeOf = (t) => {
    let m;
    if (t === 'int') return { type: 'integer' };
    if (t === 'float') return { type: 'number' };
    if (t === 'str') return { type: 'string' };
    if (t === 'bool') return { type: 'boolean' };
    if (t === 'object') return {};
    if ((m = /^list\[(.+)\]$/.exec(t))) return { type: 'array', items: typeOf(m[1]) };
    if ((m = /^dict\(str, (.+)\)$/.exec(t))) return { type: 'object', additionalProperties: typeOf(m[1]) };
    model(t);
    return { $ref: `#/components/schemas/${t}` };
  };
  const model = (name) => {
    if (schemas[name]) return;
    const text = byClass.get(name);
    if (!text) throw new Error(`mux: model ${name} not found`);
    schemas[name] = {};
    const enumValues = /allowable_values = \[([^\]]*)\]/.exec(text);
    if (enumValues) {
      const consts = Object.fromEntries([...text.matchAll(/^ {4}(\w+) = "([^"]*)"$/gm)].map((m) => [m[1], m[2]]));
      schemas[name] = {
        type: 'string',
        enum: enumValues[1]
          .split(',')
          .map((s) => consts[s.trim()])
          .filter(Boolean),
      };
      return;
    }
    const types = /openapi_types = \{([^}]*)\}/.exec(text)?.[1] ?? '';
    const properties = {};
    for (const m of types.matchAll(/'(\w+)': '([^']+)'/g)) {
      const prop = typeOf(m[2]);
      const setter = new RegExp(`def ${m[1]}\\(self, ${m[1]}\\):[\\s\\S]*?(?=\\n    @|\\n    def to_dict)`).exec(text)?.[0] ?? '';
      const allowed = /allowed_values = \[([^\]]*)\]/.exec(setter);
      if (allowed) prop.enum = [...allowed[1].matchAll(/"([^"]*)"/g)].map((x) => x[1]);
      const max = /len\(\w+\) > (\d+)/.exec(setter);
      if (max) prop.maxLength = Number(max[1]);
      const hi = new RegExp(`${m[1]} > (\\d+)`).exec(setter);
      if (hi) prop.maximum = Number(hi[1]);
      const lo = new RegExp(`${m[1]} < (\\d+)`).exec(setter);
      if (lo) prop.minimum = Number(lo[1]);
      properties[m[1]] = prop;
    }
    const required = [...text.matchAll(/`(\w+)`, must not be `None`/g)].map((m) => m[1]);
    schemas[name] = { type: 'object', properties, ...(required.length ? { required } : {}) };
  };
  const operations = {};
  for (const [key, method, path, bodyModel] of OPERATIONS.mux) {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    operations[key] = {
      operationId: null,
      method: method.toUpperCase(),
      path,
      path_params: names.length
        ? { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])), required: names }
        : null,
      query: { type: 'object', properties: {}, required: [] },
      headers: null,
      body: bodyModel
        ? { contentType: 'application/json', required: true, schema: { $ref: `#/components/schemas/${bodyModel}` } }
        : null,
    };
    if (bodyModel) model(bodyModel);
  }
  return { info: { title: 'Mux Video API (from mux-python generated models)' }, operations, components: { schemas } };
}

/**
 * Applies the hand-kept overlay: `{ changes: [{ op, at, value?, from?, source }] }` with op `set` (value),
 * `delete`, `move` (from → at) or `append` (value: items added to the array at `at`).
 */
function applyOverlay(out, file) {
  if (!existsSync(file)) return;
  const { changes } = JSON.parse(readFileSync(file, 'utf8'));
  for (const c of changes) {
    const parts = c.at
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = parts.pop();
    const parent = parts.reduce((o, k) => o?.[k], out);
    if (!parent) throw new Error(`overlay: ${c.at} has no parent`);
    if (c.op === 'delete') delete parent[last];
    else if (c.op === 'append') parent[last] = [...(parent[last] ?? []), ...c.value];
    else if (c.op === 'move') {
      const fromParts = c.from.split('/').slice(1);
      const fromLast = fromParts.pop();
      const fromParent = fromParts.reduce((o, k) => o?.[k], out);
      parent[last] = fromParent[fromLast];
      delete fromParent[fromLast];
    } else parent[last] = c.value;
  }
  out.overlay = changes.map((c) => `${c.op} ${c.at}: ${c.source}`);
}

const [provider, file, source] = process.argv.slice(2);
if (!OPERATIONS[provider] || !file || !source) {
  console.error(
    'usage: node e2e/contracts/extract.mjs <stripe|vipps|vipps-recurring|discord|mux|fiken|vipps-login> <spec file or models dir> "<source note>"',
  );
  process.exit(2);
}
/** Two descriptions as one (Vipps' Login API and its Userinfo API): their paths and components together. */
function merged(files) {
  const docs = files.split(',').map(readSpec);
  const [first] = docs;
  const components = {};
  for (const d of docs)
    for (const [kind, entries] of Object.entries(d.components ?? {})) components[kind] = { ...components[kind], ...entries };
  return { ...first, paths: Object.assign({}, ...docs.map((d) => d.paths)), components };
}

const extracted =
  provider === 'mux' ? fromMuxModels(file) : fromOpenApi(provider, provider === 'vipps-login' ? merged(file) : readSpec(file));
const out = { source, ...extracted };
applyOverlay(out, join(here, provider, 'overlay.json'));
writeFileSync(join(here, provider, 'operations.json'), JSON.stringify(out, null, 1) + '\n');
console.log(
  `${provider}: ${Object.keys(out.operations).length} operations, ${Object.keys(out.components.schemas).length} schemas`,
);
