import { Secret, TOTP } from 'otpauth';
import type TestAgent from 'supertest/lib/agent';
import { TotpService } from '../../../backend/src/identity/totp/totp.service';
import type { User } from '../../../backend/src/identity/entities/user.entity';
import type { TestApp } from './test-app';

/** The code an authenticator app shows for the secret at a time (default: now), as a phone computes it. */
export function totpCode(secret: string, at = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });
}

/** Enrols the signed-in client's account through the API: setup, then a code. */
export async function enrolByApi(agent: TestAgent): Promise<{ secret: string; otpauthUrl: string; recoveryCodes: string[] }> {
  const setup = await agent.post('/api/auth/totp/setup').set('X-Requested-With', 'fetch').send({});
  if (setup.status !== 200) throw new Error(`setup: ${setup.status} ${setup.text}`);
  const { secret, otpauthUrl } = setup.body as { secret: string; otpauthUrl: string };
  const enable = await agent.post('/api/auth/totp/enable').send({ code: totpCode(secret) });
  if (enable.status !== 200) throw new Error(`enable: ${enable.status} ${enable.text}`);
  return { secret, otpauthUrl, recoveryCodes: (enable.body as { recoveryCodes: string[] }).recoveryCodes };
}

/** Enrols a user straight through the service (no session needed). */
export async function enrolDirect(t: TestApp, user: User): Promise<{ secret: string; recoveryCodes: string[] }> {
  const totp = t.app.get(TotpService);
  const { secret } = await totp.setup(user);
  const { recoveryCodes } = await totp.enable(user, totpCode(secret, totp.now()));
  return { secret, recoveryCodes };
}
