import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../platform/config';
import type { AuthContext, SessionClient, StartedSession } from './auth.types';
import { SessionsService } from './sessions.service';

/**
 * The HTTP edge of sessions, the one place that reads and writes the session cookie: controllers and
 * guards turn the request into plain values for the services here, and a started session into the
 * cookie. The resolved session is kept on the request, so one request looks it up once.
 */
@Injectable()
export class SessionCookie {
  constructor(
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /** The browser as the services see it: the token it sent, its address and user agent. */
  client(req: FastifyRequest): SessionClient {
    const token = req.cookies?.[this.sessions.cookieName];
    const userAgent = req.headers['user-agent'];
    return {
      token: typeof token === 'string' ? token : null,
      clientAddress: req.ip ?? null,
      userAgent: typeof userAgent === 'string' ? userAgent : null,
    };
  }

  /** The signed-in user of this request, or null. */
  async resolve(req: FastifyRequest): Promise<AuthContext | null> {
    if (req.auth !== undefined) return req.auth;
    const auth = await this.sessions.resolve(this.client(req).token);
    return (req.auth = auth);
  }

  /** Sets the cookie of a session a service started; the rest of the request is signed in to it. */
  set(req: FastifyRequest, reply: FastifyReply, started: StartedSession): AuthContext {
    reply.setCookie(this.sessions.cookieName, started.token, {
      ...this.options(),
      maxAge: started.maxAgeSeconds,
    });
    req.auth = started.auth;
    return started.auth;
  }

  /** Signs out: ends the request's session and clears the cookie. */
  async end(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.sessions.end(this.client(req).token);
    reply.clearCookie(this.sessions.cookieName, this.options());
    req.auth = null;
  }

  private options(): { httpOnly: true; sameSite: 'lax'; secure: boolean; path: '/' } {
    return { httpOnly: true, sameSite: 'lax', secure: this.cfg.secureCookies, path: '/' };
  }
}
