import { parseModuleId } from './module-id.param';

describe('parseModuleId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('accepts %s', (raw, id) => {
    expect(parseModuleId(raw)).toBe(id);
  });

  it.each(['', '0', '-1', '01', '1.5', '1e3', ' 1', '1 ', 'abc', '0x10', '2147483648', '99999999999', 'Infinity'])(
    'rejects %p with a 400 in the error shape',
    (raw) => {
      try {
        parseModuleId(raw);
        throw new Error('accepted');
      } catch (e) {
        expect((e as { getStatus?: () => number }).getStatus?.()).toBe(400);
        expect((e as { getResponse: () => unknown }).getResponse()).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: 'Ugyldig modul-id',
        });
      }
    },
  );

  it('rejects what is not a string', () => {
    expect(() => parseModuleId(undefined)).toThrow();
    expect(() => parseModuleId(5)).toThrow();
  });
});
