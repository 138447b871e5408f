import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Not, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { newToken, sha256 } from '../platform/crypto/tokens';
import { User } from './entities/user.entity';
import type { AuthContext, SessionClient, StartedSession } from './auth.types';
import { Session } from './entities/session.entity';

const TOUCH_AFTER_MS = 60_000;
/** Admin sessions: 12 hours idle, 7 days at most, whatever the members' settings are. */
export const ADMIN_SESSION_IDLE_MS = 12 * 3600_000;
export const ADMIN_SESSION_ABSOLUTE_MS = 7 * 86400_000;

/** A token as a browser may send it: anything else is no session at all (and never looked up). */
function wellFormed(token: string | null | undefined): string | null {
  return typeof token === 'string' && token.length >= 20 && token.length <= 128 ? token : null;
}

/**
 * Server sessions: a random 256-bit token (the cookie's value; SessionCookie sets it), only its
 * SHA-256 in the database. Idle timeout and absolute lifetime (shorter for admins); a new token at
 * every login. Takes and returns plain values: the request and the cookie stay in the controllers.
 */
@Injectable()
export class SessionsService {
  /** The cookie that carries the token: `__Host-` only where cookies are secure (HTTPS). */
  readonly cookieName: string;

  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {
    this.cookieName = cfg.secureCookies ? '__Host-sid' : 'sid';
  }

  /**
   * Starts a new session for the user; the session the browser had (`client.token`) is ended.
   * `authenticated`: opened by the password (and the second factor when enrolled), not by a link.
   */
  async start(user: User, client: SessionClient, opts: { authenticated?: boolean } = {}): Promise<StartedSession> {
    const old = wellFormed(client.token);
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
      ip: (client.clientAddress ?? '').slice(0, 64) || null,
      userAgent: (client.userAgent ?? '').slice(0, 300) || null,
      authenticatedAt,
    });
    return {
      auth: { user, sessionHash: tokenHash, authenticatedAt },
      token,
      maxAgeSeconds: Math.floor(lifetimeMs / 1000),
    };
  }

  /**
   * The signed-in user of a session token, or null. An expired session (absolute, idle, or past the
   * account's limits) is deleted; an active one is touched at most once a minute.
   */
  async resolve(token: string | null): Promise<AuthContext | null> {
    const valid = wellFormed(token);
    if (!valid) return null;
    const tokenHash = sha256(valid);
    const s = await this.sessions.findOneBy({ tokenHash });
    const now = Date.now();
    if (!s) return null;
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
      return null;
    }
    if (now - s.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await this.sessions.update({ tokenHash }, { lastSeenAt: new Date(now) });
    }
    return { user, sessionHash: tokenHash, authenticatedAt: s.authenticatedAt ?? null };
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

  /** Ends the session of a token (sign-out); nothing happens for an unknown or missing token. */
  async end(token: string | null): Promise<void> {
    const valid = wellFormed(token);
    if (valid) await this.sessions.delete({ tokenHash: sha256(valid) });
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
