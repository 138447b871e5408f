import { SecretBox } from './secret-box';

describe('SecretBox (secrets at rest)', () => {
  const box = new SecretBox('a-server-secret-of-at-least-32-characters', 'totp-secret');

  it('opens what it sealed, for the same owner', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user:1');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user:1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('seals the same text differently every time', () => {
    expect(box.seal('x', 'user:1')).not.toBe(box.seal('x', 'user:1'));
  });

  it('refuses another owner, another key, another purpose and any change', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user:1');
    expect(box.open(sealed, 'user:2')).toBeNull();
    expect(new SecretBox('another-server-secret-of-32-characters!!', 'totp-secret').open(sealed, 'user:1')).toBeNull();
    expect(new SecretBox('a-server-secret-of-at-least-32-characters', 'other').open(sealed, 'user:1')).toBeNull();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(box.open(`v1.${raw.toString('base64url')}`, 'user:1')).toBeNull();
    expect(box.open('v2.' + sealed.slice(3), 'user:1')).toBeNull();
    expect(box.open('v1.', 'user:1')).toBeNull();
    expect(box.open('garbage', 'user:1')).toBeNull();
  });
});
