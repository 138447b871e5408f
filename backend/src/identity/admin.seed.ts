import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, IsNull } from 'typeorm';
import type { AppConfig } from '../platform/config';
import { hashPassword } from '../platform/crypto/password';
import { normalizeEmail } from '../platform/crypto/tokens';
import { LoginToken } from './entities/login-token.entity';
import { Session } from './entities/session.entity';
import { User } from './entities/user.entity';

/**
 * The mentor's account: ADMIN_EMAIL/ADMIN_PASSWORD when set; on a development SQLite database
 * without them, admin@example.com with a generated password (logged once). Idempotent.
 */
export async function seedAdmin(ds: DataSource, cfg: AppConfig, logger = new Logger('Seed')): Promise<void> {
  const now = new Date();
  const users = ds.getRepository(User);
  if (cfg.adminEmail && cfg.adminPassword) {
    const email = normalizeEmail(cfg.adminEmail);
    const existing = await users.findOneBy({ email });
    if (!existing) {
      await users.insert({
        email,
        role: 'admin',
        passwordHash: await hashPassword(cfg.adminPassword),
        createdAt: now,
        updatedAt: now,
        passwordChangedAt: now,
        claimedAt: now,
      });
      logger.log(`Opprettet administrator ${email}`);
    } else if (existing.role !== 'admin') {
      // Whoever held this account until now (a session, a password set through a link) must not
      // become the admin: the password is ADMIN_PASSWORD's and every session ends.
      await ds.transaction(async (m) => {
        await m.update(
          User,
          { id: existing.id },
          {
            role: 'admin',
            passwordHash: await hashPassword(cfg.adminPassword!),
            passwordChangedAt: now,
            claimedAt: existing.claimedAt ?? now,
            updatedAt: now,
          },
        );
        await m.delete(Session, { userId: existing.id });
        await m.update(LoginToken, { userId: existing.id, usedAt: IsNull() }, { usedAt: now });
      });
      logger.log(`Ga ${email} administratorrollen`);
    }
  } else if (cfg.dialect === 'sqlite' && cfg.nodeEnv !== 'production' && !(await users.existsBy({ role: 'admin' }))) {
    const email = 'admin@example.com';
    const password = randomBytes(12).toString('base64url');
    const existing = await users.findOneBy({ email });
    if (existing) {
      await users.update(
        { id: existing.id },
        { role: 'admin', passwordHash: await hashPassword(password), passwordChangedAt: now, claimedAt: now, updatedAt: now },
      );
      await ds.getRepository(Session).delete({ userId: existing.id });
    } else {
      await users.insert({
        email,
        role: 'admin',
        passwordHash: await hashPassword(password),
        createdAt: now,
        updatedAt: now,
        passwordChangedAt: now,
        claimedAt: now,
      });
    }
    // Printed once: the next start finds the admin and prints nothing.
    logger.warn(`Ingen ADMIN_EMAIL/ADMIN_PASSWORD satt. Opprettet administrator ${email} med passord: ${password}`);
  }
}
