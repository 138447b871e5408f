import { ARGON2_PARAMS, hashPassword, verifyPassword } from './password';

describe('passwords', () => {
  it('hashes with argon2id at the OWASP parameters and verifies', async () => {
    const h = await hashPassword('hemmelig123');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(ARGON2_PARAMS).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(h, 'hemmelig123')).toBe(true);
    expect(await verifyPassword(h, 'feil')).toBe(false);
  });

  it('says no for a missing hash or a garbled one', async () => {
    expect(await verifyPassword(null, 'x')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
