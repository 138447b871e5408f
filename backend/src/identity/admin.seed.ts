import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, IsNull } from 'typeorm';
import type { AppConfig } from '../platform/config';
import { hashPassword } from '../platform/crypto/password';
import { normalizeEmail } from '../platform/crypto/tokens';
import { LoginToken } from './entities/login-token.entity';
import { Session } from './entities/session.entity';
import { User } from './entities/user.entity';

/** The administrator this start just made: its address, and the password when it was generated (not ADMIN_PASSWORD's). */
export interface SeededAdmin {
  email: string;
  generatedPassword: string | null;
}

/** A password for an administrator made or reset without one: 16 characters, 96 bits. */
const generatePassword = (): string => randomBytes(12).toString('base64url');

/**
 * The mentor's account: ADMIN_EMAIL/ADMIN_PASSWORD when set; on a development SQLite database
 * without them, admin@example.com with a generated password (logged once). Idempotent.
 * Answers the administrator it created (for the start banner), or null when it made none.
 */
export async function seedAdmin(ds: DataSource, cfg: AppConfig, logger = new Logger('Seed')): Promise<SeededAdmin | null> {
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
      logger.log(`Created administrator ${email}`);
      return { email, generatedPassword: null };
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
      logger.log(`Gave ${email} the administrator role`);
      return { email, generatedPassword: null };
    }
  } else if (cfg.dialect === 'sqlite' && cfg.nodeEnv !== 'production' && !(await users.existsBy({ role: 'admin' }))) {
    const email = 'admin@example.com';
    const password = generatePassword();
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
    logger.warn(`No ADMIN_EMAIL/ADMIN_PASSWORD set. Created administrator ${email} with password: ${password}`);
    return { email, generatedPassword: password };
  }
  return null;
}

/**
 * `npm run admin:reset-password`: a new generated password for an administrator (the given address,
 * else ADMIN_EMAIL, else the only administrator), whose sessions and unused sign-in links end. The
 * second factor stays as it is. Throws an Error with an English message (for the operator) when no such admin is found.
 */
export async function resetAdminPassword(
  ds: DataSource,
  cfg: AppConfig,
  requested: string | null,
): Promise<{ userId: number; email: string; password: string }> {
  const users = ds.getRepository(User);
  const wanted = requested ?? cfg.adminEmail;
  let admin: User | null;
  if (wanted) {
    admin = await users.findOneBy({ email: normalizeEmail(wanted), role: 'admin' });
    if (!admin) throw new Error(`No administrator with the e-mail address ${normalizeEmail(wanted)}.`);
  } else {
    const admins = await users.find({ where: { role: 'admin' }, order: { id: 'ASC' }, take: 2 });
    if (admins.length === 0) throw new Error('No administrator found. Start the service once first (npm start).');
    if (admins.length > 1)
      throw new Error('There are several administrators: name the e-mail address, npm run admin:reset-password -- <email>.');
    admin = admins[0];
  }
  const password = generatePassword();
  const now = new Date();
  const hash = await hashPassword(password);
  const userId = admin.id;
  await ds.transaction(async (m) => {
    await m.update(
      User,
      { id: userId },
      { passwordHash: hash, passwordChangedAt: now, claimedAt: admin.claimedAt ?? now, updatedAt: now },
    );
    await m.delete(Session, { userId });
    await m.update(LoginToken, { userId, usedAt: IsNull() }, { usedAt: now });
  });
  return { userId, email: admin.email, password };
}
