import type { User } from './entities/user.entity';

export interface AuthContext {
  user: User;
  /** SHA-256 of the session cookie token. */
  sessionHash: string;
  /** The session's last full authentication (password, plus the second factor when enrolled); null after a link sign-in. */
  authenticatedAt?: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved session (undefined: not looked up yet; null: none). */
    auth?: AuthContext | null;
  }
}
