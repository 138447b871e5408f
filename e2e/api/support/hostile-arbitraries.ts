import fc from 'fast-check';

/**
 * Generators of hostile input for the property-based suite: junk values and keys (prototype
 * pollution keys included), raw bodies that are not what they claim, content types, origins,
 * cookies, query strings and path segments. Everything is plain data, so a failing case prints.
 */

/** Strings people and scripts really send, and some that break naive code. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "' OR '1'='1' -- ",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '</script><!--',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  'Ærlig Øystein Åsen',
  '🙂👨‍👩‍👧‍👦',
  'ﷺ'.repeat(50),
  'a@b',
  '@example.no',
  'elev@example.no\r\nBcc: alle@example.no',
  'elev@exa mple.no',
  `${'a'.repeat(250)}@example.no`,
  'x'.repeat(1000),
];

/** Lone surrogates (which encodeURIComponent refuses) become U+FFFD; pairs stay. */
export function wellFormed(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

export const junkString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 2 },
  { arbitrary: fc.integer({ min: 255, max: 20_000 }).map((n) => 'å'.repeat(n)), weight: 1 },
);

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__'];
/** Fields a client must never be able to set. */
export const PRIVILEGE_KEYS = [
  'role',
  'isAdmin',
  'admin',
  'userId',
  'id',
  'price',
  'priceOre',
  'amountOre',
  'status',
  'passwordHash',
];

export const junkKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTO_KEYS),
  fc.constantFrom(...PRIVILEGE_KEYS),
  fc.string({ maxLength: 12 }),
);

/** A plain object that may hold `__proto__` and friends as its own keys (as JSON.parse makes them). */
export function ownKeys(entries: Array<[string, unknown]>): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

/** Nested junk, with pollution keys at any depth. */
export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    junkString,
    fc.integer(),
    fc.constantFrom(0, -1, 1.5, 2147483648, Number.MAX_SAFE_INTEGER + 2, 1e308, -0),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(junkKey, tie('value')), { maxLength: 4 }).map(ownKeys),
  ),
})).value;

/** `[[[…]]]` or `{"a":{"a":…}}` this deep (a parser or a validator that recurses may fall over). */
export const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(64, 1000, 10_000, 30_000), fc.boolean())
  .map(([depth, arrays]) => (arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));

/** Bodies that are not (quite) JSON, or JSON that is not an object, or pollution written as text. */
export const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'null',
    '[]',
    '"tekst"',
    '123',
    'true',
    '{}',
    '\uFEFF{}',
    '{"__proto__":{"polluted":"ja","role":"admin"},"constructor":{"prototype":{"polluted":"ja"}}}',
    '{"email":"\\ud800@example.no"}',
    '{"email":"a@b.no","email":{"$gt":""}}',
    '{"a":1}garbage',
    'email=a%40b.no&password=x',
    '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    '\u0000\u0001\u0002',
  ),
  deepJson,
  fc.integer({ min: 60_000, max: 70_000 }).map((n) => JSON.stringify({ email: 'x'.repeat(n) })),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
);

export const contentType: fc.Arbitrary<string | null> = fc.oneof(
  fc.constantFrom(
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/json; charset=latin1',
    'application/json;;;',
    'application/json-patch+json',
    'application/jsonx',
    'text/plain',
    'text/html',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=----x',
    'application/xml',
    '*/*',
    '',
  ),
  fc.constant(null),
  junkString,
);

export const origin: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'null',
    'http://evil.example',
    'https://localhost:3000',
    'http://localhost:3000/',
    'HTTP://LOCALHOST:3000',
    'http://localhost:3000.evil.example',
    'http://localhost:3001',
    'file://',
    '',
  ),
  junkString,
);

export const accept: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('text/html', 'text/html,application/xhtml+xml;q=0.9', 'application/json', '*/*', 'image/png', ''),
  junkString,
);

/** Cookie headers that are not a session (the session cookie is named `name`). */
export function junkCookie(name: string): fc.Arbitrary<string> {
  return fc.oneof(
    junkString.map((v) => `${name}=${v}`),
    fc.constantFrom(
      `${name}=${'A'.repeat(43)}`,
      `${name}=${'a'.repeat(5000)}`,
      `${name}=%E0%A4%A`,
      `${name}=`,
      `${name}="quoted"`,
      '__proto__=x; constructor=y; prototype=z',
      `${name}=a; ${name}=b; ${name}=c`,
      ';;;=;=',
    ),
    junkString,
  );
}

/** Path segments as they go on the wire: encoded junk, traversal, bad encodings, numbers at the edges. */
export const junkSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '..%2f..%2f..%2fpackage.json',
    '..%5c..%5cwindows',
    '%2f',
    '%00',
    '%',
    '%zz',
    '%E0%A4%A',
    '%C0%AE%C0%AE',
    '%FF%FE',
    '0',
    '-1',
    '01',
    '1e3',
    '1.5',
    '2147483648',
    '99999999999999999999999',
    'NaN',
    'Infinity',
    'null',
    '__proto__',
    'constructor',
    'FOUNDATION',
    'starter',
    'kryptovaluta',
    'export.csv',
    `cs_test_${'a'.repeat(60)}`,
    'cs_',
    ';jsessionid=1',
    'a;b=c',
  ),
  fc.integer({ min: 150, max: 3000 }).map((n) => 'x'.repeat(n)),
  junkString.map((s) => encodeURIComponent(wellFormed(s))),
);

/** Query strings with junk keys, repeated keys and junk values (already encoded). */
export function junkQuery(keys: string[]): fc.Arbitrary<string> {
  const key = keys.length ? fc.oneof(fc.constantFrom(...keys), junkKey) : junkKey;
  const enc = (s: string) => encodeURIComponent(wellFormed(s));
  return fc.oneof(
    fc
      .array(fc.tuple(key, junkString), { minLength: 1, maxLength: 5 })
      .map((pairs) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')),
    fc.constantFrom(
      'a',
      '=',
      '&&&',
      'a[b][c]=1',
      'a[__proto__][x]=1',
      '__proto__[polluted]=ja',
      'constructor[prototype][polluted]=ja',
      '%',
      'a=%zz',
    ),
  );
}

/** ra-data-simple-rest list parameters with junk JSON in them. */
export function junkListQuery(filterKeys: string[], sortKeys: string[]): fc.Arbitrary<string> {
  const enc = (v: unknown) => encodeURIComponent(wellFormed(typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined')));
  const filterKey = filterKeys.length ? fc.oneof(fc.constantFrom(...filterKeys), junkKey) : junkKey;
  const sort = fc.oneof(
    fc.tuple(
      fc.oneof(fc.constantFrom(...(sortKeys.length ? sortKeys : ['id'])), junkString),
      fc.oneof(fc.constantFrom('ASC', 'DESC', 'asc'), junkString),
    ),
    junkValue,
    rawBody,
  );
  const range = fc.oneof(
    fc.tuple(fc.oneof(fc.integer(), junkValue), fc.oneof(fc.integer(), junkValue)),
    fc.constantFrom([0, 1e9], [-5, 3], [10, 2], [0.5, 3], [0], [0, 1, 2], [2 ** 53, 2 ** 53 + 10]),
    junkValue,
    rawBody,
  );
  const filter = fc.oneof(
    fc.array(fc.tuple(filterKey, junkValue), { maxLength: 4 }).map(ownKeys),
    fc.array(fc.tuple(filterKey, fc.array(junkValue, { maxLength: 600 })), { maxLength: 2 }).map(ownKeys),
    junkValue,
    rawBody,
  );
  return fc
    .record(
      { sort: fc.option(sort), range: fc.option(range), filter: fc.option(filter), repeat: fc.boolean() },
      { requiredKeys: ['repeat'] },
    )
    .map(({ sort: s, range: r, filter: fl, repeat }) => {
      const parts: string[] = [];
      if (s !== undefined && s !== null) parts.push(`sort=${enc(s)}`);
      if (r !== undefined && r !== null) parts.push(`range=${enc(r)}`);
      if (fl !== undefined && fl !== null) parts.push(`filter=${enc(fl)}`);
      if (repeat && parts.length) parts.push(parts[0]);
      return parts.join('&');
    });
}
