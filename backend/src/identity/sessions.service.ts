import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LessThan, Not, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { newToken, sha256 } from '../platform/crypto/tokens';
import { User } from './entities/user.entity';
import type { AuthContext } from './auth.types';
import { Session } from './entities/session.entity';

const TOUCH_AFTER_MS = 60_000;
/** Admin sessions: 12 hours idle, 7 days at most, whatever the members' settings are. */
export const ADMIN_SESSION_IDLE_MS = 12 * 3600_000;
export const ADMIN_SESSION_ABSOLUTE_MS = 7 * 86400_000;

/**
 * Server sessions: a random 256-bit token in an HttpOnly cookie, only its SHA-256 in the database.
 * Idle timeout and absolute lifetime (shorter for admins); a new token at every login.
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

  /**
   * Starts a new session for the user and sets the cookie. Any session cookie the browser had is ended.
   * `authenticated`: opened by the password (and the second factor when enrolled), not by a link.
   */
  async start(
    user: User,
    req: FastifyRequest,
    reply: FastifyReply,
    opts: { authenticated?: boolean } = {},
  ): Promise<AuthContext> {
    const old = this.tokenFrom(req);
    if (old) await this.sessions.delete({ tokenHash: sha256(old) });
    const token = newToken();
    const now = new Date();
    const tokenHash = sha256(token);
    const lifetimeMs = this.lifetime(user).absoluteMs;
    const authenticatedAt = opts.authenticated ? now : null;
    await this.sessions.insert({
      tokenHash,
      userId: user.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
      ip: (req.ip ?? '').slice(0, 64) || null,
      userAgent: (typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : '').slice(0, 300) || null,
      authenticatedAt,
    });
    reply.setCookie(this.cookieName, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.cfg.secureCookies,
      path: '/',
      maxAge: Math.floor(lifetimeMs / 1000),
    });
    const ctx: AuthContext = { user, sessionHash: tokenHash, authenticatedAt };
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
    const user = await this.users.findOneBy({ id: s.userId });
    const limits = user ? this.lifetime(user) : null;
    if (
      !user ||
      !limits ||
      s.expiresAt.getTime() <= now ||
      s.createdAt.getTime() + limits.absoluteMs <= now ||
      s.lastSeenAt.getTime() + limits.idleMs <= now
    ) {
      await this.sessions.delete({ tokenHash });
      return (req.auth = null);
    }
    if (now - s.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await this.sessions.update({ tokenHash }, { lastSeenAt: new Date(now) });
    }
    return (req.auth = { user, sessionHash: tokenHash, authenticatedAt: s.authenticatedAt ?? null });
  }

  /** Idle timeout and absolute lifetime for the account: admins get at most 12 hours and 7 days. */
  lifetime(user: User): { idleMs: number; absoluteMs: number } {
    const idleMs = this.cfg.sessionIdleMinutes * 60_000;
    const absoluteMs = this.cfg.sessionAbsoluteDays * 86400_000;
    if (user.role !== 'admin') return { idleMs, absoluteMs };
    return { idleMs: Math.min(idleMs, ADMIN_SESSION_IDLE_MS), absoluteMs: Math.min(absoluteMs, ADMIN_SESSION_ABSOLUTE_MS) };
  }

  /** Records a full authentication (password, and the second factor when enrolled) on this session. */
  async markAuthenticated(ctx: AuthContext, at = new Date()): Promise<void> {
    await this.sessions.update({ tokenHash: ctx.sessionHash }, { authenticatedAt: at });
    ctx.authenticatedAt = at;
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
