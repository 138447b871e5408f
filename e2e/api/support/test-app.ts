import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { includedCourses } from '@academy/contracts';
import { createApp } from '../../../backend/src/bootstrap';
import type { Clock } from '../../../backend/src/platform/time/clock';
import { AppConfig, parseEnv } from '../../../backend/src/platform/config/env.schema';
import { LoginTokensService } from '../../../backend/src/identity/login-tokens.service';
import { hashPassword } from '../../../backend/src/platform/crypto/password';
import { Grant } from '../../../backend/src/access/entities/grant.entity';
import { User } from '../../../backend/src/identity/entities/user.entity';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: NestFastifyApplication;
  cfg: AppConfig;
  ds: DataSource;
  db: TestDatabase;
  /** A fresh client without cookies. */
  http(): TestAgent;
  /** A client that keeps cookies (a browser). */
  agent(): TestAgent;
  close(): Promise<void>;
}

/**
 * Starts the whole application on its own database: SQLite in a temp folder, or, when
 * TEST_DATABASE_URL is set (mysql://root@127.0.0.1:3306/), a MySQL database made for this suite
 * and dropped afterwards. Without `opts.db` it is a copy of the run's migrated template.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: { db?: TestDatabase; clock?: Clock } = {},
): Promise<TestApp> {
  const db = opts.db ?? (await createTestDatabase({ migrated: true }));
  const staticRoot = mkdtempSync(join(tmpdir(), 'ta-static-'));
  const cfg = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_WRITES: '100000',
    RATE_LIMIT_LOGIN: '100000',
    STATIC_ROOT: staticRoot,
    ...env,
    DATABASE_URL: db.url,
  });
  const app = await createApp(cfg, { logger: !!process.env.TEST_LOG_LEVEL, clock: opts.clock });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const ds = app.get<DataSource>(getDataSourceToken());
  const server = app.getHttpServer();
  return {
    app,
    cfg,
    ds,
    db,
    http: () => request(server) as unknown as TestAgent,
    agent: () => request.agent(server),
    close: async () => {
      await app.close();
      await db.drop();
      rmSync(staticRoot, { recursive: true, force: true });
    },
  };
}

export function uniqueEmail(prefix = 'elev'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.no`;
}

/**
 * One argon2 hash per password in this suite (each costs as much CPU as the request it sets up): users
 * made here with the same password share its hash, which verifies the same. The app's own hashing
 * (sign-up, password change) is untouched.
 */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string): Promise<string> => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
    hash.catch(() => hashes.delete(password));
  }
  return hash;
};

/** Makes a user straight in the database (with a password unless null) and optional course grants. */
export async function createUser(
  t: TestApp,
  opts: { email?: string; password?: string | null; role?: 'student' | 'admin'; courses?: string[] } = {},
): Promise<User> {
  const now = new Date();
  const repo = t.ds.getRepository(User);
  const user = await repo.save(
    repo.create({
      email: (opts.email ?? uniqueEmail()).toLowerCase(),
      passwordHash: opts.password === null ? null : await hashOnce(opts.password ?? 'hemmelig123'),
      role: opts.role ?? 'student',
      firstName: null,
      lastName: null,
      attribution: {},
      createdAt: now,
      updatedAt: now,
      passwordChangedAt: null,
      // An account with a password counts as claimed (as the migration counts existing ones).
      claimedAt: opts.password === null ? null : now,
    }),
  );
  for (const courseId of opts.courses ?? []) {
    const grant = await t.ds.getRepository(Grant).save({ userId: user.id, courseId, source: 'manual', grantedAt: now });
    // As a grant through the service does: the courses it includes (Accelerator → Foundation) come with it.
    for (const included of includedCourses(courseId))
      await t.ds
        .getRepository(Grant)
        .insert({ userId: user.id, courseId: included, source: 'included', grantedAt: now, includedByGrantId: grant.id });
  }
  return user;
}

/** A cookie-keeping client signed in as a new user. */
export async function loginAs(
  t: TestApp,
  opts: { email?: string; password?: string; role?: 'student' | 'admin'; courses?: string[] } = {},
): Promise<{ agent: TestAgent; user: User; password: string }> {
  const password = opts.password ?? 'hemmelig123';
  const user = await createUser(t, { ...opts, password });
  const agent = t.agent();
  const res = await agent.post('/api/auth/login').send({ email: user.email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { agent, user, password };
}

/** A cookie-keeping client signed in through a one-time link mailed to the user (which claims the address). */
export async function signInByLink(t: TestApp, user: User): Promise<TestAgent> {
  const token = await t.app.get(LoginTokensService).issue(user.id);
  const agent = t.agent();
  const res = await agent.post('/api/auth/token-login').send({ token });
  if (res.status !== 200) throw new Error(`token-login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}
