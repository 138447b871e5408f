import { compileBody } from '../../platform/http/compiled-body';
import { createValidationPipe } from '../../platform/http/validation.pipe';
import { CreateLeadDto } from './create-lead.dto';

/** A small seeded generator: the same bodies on every run. */
function random(seed: number) {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  return { next, pick };
}

const TEXT = ['', ' ', '/', '/b', ' /kurs ', 'x'.repeat(200), 'x'.repeat(201), 'æøå', '\u0000', 'a\ud800b'];
const EMAILS = [
  'ola@example.no',
  ' Ola.Nordmann@Example.NO ',
  'ｏｌａ＠ｅｘａｍｐｌｅ.no',
  'kari@gmäil.com',
  'ikke-en-adresse',
  '@example.no',
  'a@b',
  `${'x'.repeat(65)}@example.no`,
  '',
];
const VALUES = [undefined, null, 0, 7, true, [], ['ola@example.no'], {}, { a: 1 }];

/** Half of the bodies as a form sends them (possibly wrong in its values), half with junk in any place. */
function body(r: ReturnType<typeof random>): unknown {
  const junk = r.next() < 0.5 ? 0.08 : 0;
  if (r.next() < junk) return r.pick(VALUES);
  const b: Record<string, unknown> = {};
  const maybe = (key: string, make: () => unknown, p = 0.8) => {
    if (r.next() < p) b[key] = r.next() < junk ? r.pick(VALUES) : make();
  };
  maybe('email', () => r.pick(EMAILS.slice(0, junk ? undefined : 4)), 0.98);
  maybe('courseType', () => r.pick(['starter', 'foundation', 'accelerator', 'vip', 'ukjent', 'STARTER']), 0.98);
  maybe('source', () => r.pick(junk ? TEXT : TEXT.slice(1, 8)), 0.98);
  maybe('trafficSource', () => r.pick(['A', 'B', 'C', 'D', 'E', '']), 0.3);
  maybe(
    'utm',
    () => {
      const u: Record<string, unknown> = {};
      for (const k of ['source', 'medium', 'campaign', 'term', 'content', 'extra'])
        if (r.next() < (k === 'extra' ? 0.05 : 0.4))
          u[k] = r.next() < 0.1 ? r.pick(VALUES) : r.pick([...TEXT, 'x'.repeat(100), 'x'.repeat(101)]);
      return u;
    },
    0.3,
  );
  maybe(
    'attribution',
    () => {
      const a: Record<string, unknown> = {};
      for (const k of ['trafficSource', 'landingPath', 'referrer', 'utmSource', 'utmCampaign'])
        if (r.next() < 0.4) a[k] = k === 'trafficSource' ? r.pick(['A', 'Z']) : r.pick(TEXT);
      return a;
    },
    0.3,
  );
  if (r.next() < junk) b[r.pick(['admin', 'toString', '__proto__x', 'id'])] = true;
  return b;
}

/** A body as the server gets it: parsed from JSON (in this realm: jest's globals are not Node's). */
const asParsed = (b: unknown): unknown => (b === undefined ? undefined : JSON.parse(JSON.stringify(b)));

describe('CreateLeadDto compiled for the pipeline (POST /api/leads)', () => {
  const compiled = compileBody(CreateLeadDto)!;
  const pipe = createValidationPipe();
  const viaPipe = (b: unknown) =>
    pipe.transform(asParsed(b), { type: 'body', metatype: CreateLeadDto }).then(
      (dto) => ({ ok: true as const, dto }),
      () => ({ ok: false as const }),
    );

  it('is compiled (the DTO uses only rules the compiler models)', () => {
    expect(compiled).not.toBeNull();
  });

  it('accepts exactly what the global pipe accepts, as the same DTO instance, or leaves the body to the pipe', async () => {
    const r = random(14);
    let accepted = 0;
    let refused = 0;
    const missed: unknown[] = [];
    for (let i = 0; i < 3000; i++) {
      const b = asParsed(body(r));
      const fast = compiled(asParsed(b));
      const slow = await viaPipe(b);
      if (fast === null) {
        if (!slow.ok) refused++;
        else missed.push(b);
        continue;
      }
      accepted++;
      // Whatever the compiled rules accept, the pipe accepts too, and makes the same object of it.
      expect({ body: b, ok: slow.ok }).toEqual({ body: b, ok: true });
      if (slow.ok) {
        expect(fast).toBeInstanceOf(CreateLeadDto);
        expect(fast).toStrictEqual(slow.dto);
      }
    }
    // Both outcomes are exercised: the form's usual bodies take the compiled way, errors the pipe.
    expect(accepted).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(500);
    // And it is not timid: what it leaves to the pipe are the shapes it does not model (null values).
    expect(missed.filter((m) => !JSON.stringify(m).includes('null'))).toEqual([]);
  });

  it("the form's common bodies take the compiled way, normalised like the pipe does it", async () => {
    for (const b of [
      { email: ' Ola@Example.NO ', courseType: 'starter', source: ' /b ' },
      {
        email: 'kari@gmäil.com',
        courseType: 'foundation',
        source: '/',
        trafficSource: 'B',
        utm: { source: 'facebook', campaign: ' host ', term: '' },
        attribution: { landingPath: '/b', referrer: 'https://www.google.com/' },
      },
    ]) {
      const fast = compiled(asParsed(b));
      const slow = await viaPipe(b);
      expect(slow.ok).toBe(true);
      expect(fast).toStrictEqual(slow.ok ? slow.dto : null);
    }
  });
});
