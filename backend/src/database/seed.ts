import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, IsNull } from 'typeorm';
import type { AppConfig } from '../config';
import { PLAYER_COURSE_IDS } from '@academy/contracts';
import { CATALOG_SEED, MODULE_SEED } from '../catalog/catalog.data';
import { hashPassword } from '../common/crypto/password';
import { normalizeEmail } from '../common/crypto/tokens';
import { Course, CourseModule, LoginToken, Session, Setting, User } from './entities';

export const SETTING_OVERLAY_TEXT = 'videoOverlayText';
export const DEFAULT_OVERLAY_TEXT = 'coming Nov 2025';

/** Idempotent: creates what is missing, never overwrites what the mentor has edited. */
export async function seed(ds: DataSource, cfg: AppConfig, logger = new Logger('Seed')): Promise<void> {
  const now = new Date();
  const courses = ds.getRepository(Course);
  const modules = ds.getRepository(CourseModule);
  for (const [i, id] of PLAYER_COURSE_IDS.entries()) {
    const item = CATALOG_SEED.find((c) => c.id === id)!;
    if (!(await courses.existsBy({ id }))) {
      await courses.insert({
        id,
        title: item.title,
        description: item.description,
        sortOrder: i,
        published: true,
        updatedAt: now,
      });
      const seedModules = MODULE_SEED[id];
      if ((await modules.countBy({ courseId: id })) === 0) {
        await modules.insert(
          seedModules.map((m, position) => ({
            courseId: id,
            position,
            title: m.title,
            description: m.description,
            durationMinutes: m.durationMinutes,
            videoId: null,
            topics: m.topics,
            published: true,
            createdAt: now,
            updatedAt: now,
          })),
        );
      }
    }
  }

  const settings = ds.getRepository(Setting);
  if (!(await settings.existsBy({ key: SETTING_OVERLAY_TEXT }))) {
    await settings.insert({ key: SETTING_OVERLAY_TEXT, value: DEFAULT_OVERLAY_TEXT, updatedAt: now });
  }

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
