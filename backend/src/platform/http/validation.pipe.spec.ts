import { bodyProblem, MAX_BODY_DEPTH } from './validation.pipe';

describe('bodyProblem', () => {
  const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;

  it('accepts ordinary bodies, scalars and nesting up to the limit', () => {
    expect(bodyProblem({ email: 'a@b.no', attribution: { utmSource: 'x' }, topics: ['a', 'b'] })).toBeNull();
    expect(bodyProblem('tekst 🙂 æøå')).toBeNull();
    expect(bodyProblem(null)).toBeNull();
    expect(bodyProblem(nested(MAX_BODY_DEPTH))).toBeNull();
  });

  it('refuses nesting beyond the limit, however deep, without recursing', () => {
    expect(bodyProblem(nested(MAX_BODY_DEPTH + 1))).toBe('too-deep');
    expect(bodyProblem(nested(200_000))).toBe('too-deep');
  });

  it('refuses lone surrogates in values and keys, not surrogate pairs', () => {
    expect(bodyProblem({ email: '\ud800@example.no' })).toBe('not-unicode');
    expect(bodyProblem({ a: [{ b: 'x\udfff' }] })).toBe('not-unicode');
    expect(bodyProblem(JSON.parse('{"\\ud800":1}'))).toBe('not-unicode');
    expect(bodyProblem({ name: '👨‍👩‍👧' })).toBeNull();
  });
});
