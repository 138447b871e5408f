import type { User } from './entities/user.entity';

export interface AuthContext {
  user: User;
  /** SHA-256 of the session cookie token. */
  sessionHash: string;
  /** The session's last full authentication (password, plus the second factor when enrolled); null after a link sign-in. */
  authenticatedAt?: Date | null;
}

/**
 * The browser behind a request, as plain values (read by SessionCookie.client at the edge), so that
 * services that open sessions never see the request.
 */
export interface SessionClient {
  /** The session token the browser sent, as sent (checked by the sessions service), or null. */
  token: string | null;
  clientAddress: string | null;
  userAgent: string | null;
}

/** A session a service has just opened: the controller turns it into the cookie (SessionCookie.set). */
export interface StartedSession {
  auth: AuthContext;
  /** The cookie's value; only its SHA-256 is stored. */
  token: string;
  maxAgeSeconds: number;
}

/** A service's answer that may have signed the browser in: `session` is null when it did not. */
export interface WithSession<T> {
  result: T;
  session: StartedSession | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved session (undefined: not looked up yet; null: none). */
    auth?: AuthContext | null;
  }
}
