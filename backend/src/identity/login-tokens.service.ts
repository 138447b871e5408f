import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, MoreThan, Repository } from 'typeorm';
import { newToken, sha256 } from '../platform/crypto/tokens';
import { LoginToken, LoginTokenPurpose } from './entities/login-token.entity';

export const LOGIN_TOKEN_TTL_MS = 15 * 60_000;

/** One-time links: single use, with an expiry. Only the SHA-256 is stored. */
@Injectable()
export class LoginTokensService {
  constructor(@InjectRepository(LoginToken) private readonly tokens: Repository<LoginToken>) {}

  async issue(
    userId: number,
    ttlMs = LOGIN_TOKEN_TTL_MS,
    purpose: LoginTokenPurpose = 'login',
    manager?: EntityManager,
  ): Promise<string> {
    const token = newToken();
    const now = new Date();
    await (manager ? manager.getRepository(LoginToken) : this.tokens).insert({
      tokenHash: sha256(token),
      userId,
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
      usedAt: null,
    });
    return token;
  }

  /** Whose a token is, without using it: the user id, or null when unknown, expired, used or of another purpose. */
  async peek(token: string, purpose: LoginTokenPurpose = 'login'): Promise<number | null> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 128) return null;
    const row = await this.tokens.findOneBy({
      tokenHash: sha256(token),
      purpose,
      usedAt: IsNull(),
      expiresAt: MoreThan(new Date()),
    });
    return row?.userId ?? null;
  }

  /** Uses a token once. Returns the user id, or null when unknown, expired, used or of another purpose. */
  async consume(token: string, purpose: LoginTokenPurpose = 'login'): Promise<number | null> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 128) return null;
    const tokenHash = sha256(token);
    const row = await this.tokens.findOneBy({ tokenHash, purpose });
    if (!row) return null;
    const now = new Date();
    // The conditional update is the claim: of two concurrent uses, only one changes the row.
    const res = await this.tokens.update({ id: row.id, usedAt: IsNull(), expiresAt: MoreThan(now) }, { usedAt: now });
    return res.affected === 1 ? row.userId : null;
  }

  /** Voids every unused one-time link of a user, whatever it is for (the account's address changed). */
  async voidEvery(userId: number, manager: EntityManager): Promise<void> {
    await manager.getRepository(LoginToken).update({ userId, usedAt: IsNull() }, { usedAt: new Date() });
  }

  /** Voids a user's unused tokens of one purpose (e.g. after a password reset). */
  async voidAll(userId: number, purpose: LoginTokenPurpose, manager?: EntityManager): Promise<void> {
    await (manager ? manager.getRepository(LoginToken) : this.tokens).update(
      { userId, purpose, usedAt: IsNull() },
      { usedAt: new Date() },
    );
  }
}
