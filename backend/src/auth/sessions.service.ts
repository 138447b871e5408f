import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LessThan, Not, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config';
import { newToken, sha256 } from '../common/crypto/tokens';
import { User } from '../users/entities/user.entity';
import type { AuthContext } from './auth.types';
import { Session } from './entities/session.entity';

const TOUCH_AFTER_MS = 60_000;

/**
 * Server sessions: a random 256-bit token in an HttpOnly cookie, only its SHA-256 in the database.
 * Idle timeout and absolute lifetime; a new token at every login.
 */
@Injectable()
export class SessionsService {
  readonly cookieName: string;

  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {
    this.cookieName = cfg.secureCookies ? '__Host-sid' : 'sid';
  }

  /** Starts a new session for the user and sets the cookie. Any session cookie the browser had is ended. */
  async start(user: User, req: FastifyRequest, reply: FastifyReply): Promise<AuthContext> {
    const old = this.tokenFrom(req);
    if (old) await this.sessions.delete({ tokenHash: sha256(old) });
    const token = newToken();
    const now = new Date();
    const tokenHash = sha256(token);
    await this.sessions.insert({
      tokenHash,
      userId: user.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.cfg.sessionAbsoluteDays * 86400_000),
      ip: (req.ip ?? '').slice(0, 64) || null,
      userAgent: (typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : '').slice(0, 300) || null,
    });
    reply.setCookie(this.cookieName, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.cfg.secureCookies,
      path: '/',
      maxAge: this.cfg.sessionAbsoluteDays * 86400,
    });
    const ctx = { user, sessionHash: tokenHash };
    req.auth = ctx;
    return ctx;
  }

  tokenFrom(req: FastifyRequest): string | null {
    const t = req.cookies?.[this.cookieName];
    return typeof t === 'string' && t.length >= 20 && t.length <= 128 ? t : null;
  }

  /** The signed-in user of this request, or null. Memoised on the request. */
  async resolve(req: FastifyRequest): Promise<AuthContext | null> {
    if (req.auth !== undefined) return req.auth;
    const token = this.tokenFrom(req);
    if (!token) return (req.auth = null);
    const tokenHash = sha256(token);
    const s = await this.sessions.findOneBy({ tokenHash });
    const now = Date.now();
    if (!s) return (req.auth = null);
    if (s.expiresAt.getTime() <= now || s.lastSeenAt.getTime() + this.cfg.sessionIdleMinutes * 60_000 <= now) {
      await this.sessions.delete({ tokenHash });
      return (req.auth = null);
    }
    const user = await this.users.findOneBy({ id: s.userId });
    if (!user) return (req.auth = null);
    if (now - s.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await this.sessions.update({ tokenHash }, { lastSeenAt: new Date(now) });
    }
    return (req.auth = { user, sessionHash: tokenHash });
  }

  async end(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = this.tokenFrom(req);
    if (token) await this.sessions.delete({ tokenHash: sha256(token) });
    reply.clearCookie(this.cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.cfg.secureCookies });
    req.auth = null;
  }

  /** Ends every session of a user except the one given. */
  async endOthers(userId: number, keepHash: string | null): Promise<void> {
    if (keepHash) await this.sessions.delete({ userId, tokenHash: Not(keepHash) });
    else await this.sessions.delete({ userId });
  }

  async endAll(userId: number): Promise<void> {
    await this.sessions.delete({ userId });
  }

  async purgeExpired(): Promise<void> {
    await this.sessions.delete({ expiresAt: LessThan(new Date()) });
  }
}
