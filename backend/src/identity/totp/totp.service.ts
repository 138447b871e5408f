import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { EntityManager, IsNull, Not, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import {
  MSG,
  TOTP_LOCK_MINUTES,
  TOTP_MAX_FAILURES,
  type TotpEnableResponse,
  type TotpSetupResponse,
  type TotpStatusResponse,
} from '@academy/contracts';
import { AppError, badRequest, conflict } from '../../platform/errors/app-error';
import { sha256 } from '../../platform/crypto/tokens';
import type { User } from '../entities/user.entity';
import { TotpRecoveryCode } from './entities/totp-recovery-code.entity';
import { UserTotp } from './entities/user-totp.entity';
import { SecretBox } from './secret-box';
import { EventBus } from '../../platform/events';

const OSLO_CLOCK = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit' });

/** RFC 6238 defaults, which every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const DIGITS = 6;
/** One step either side of now: a phone clock up to ~30 s off still works. */
const WINDOW = 1;
/** How long a secret handed out by setup can be confirmed. */
const PENDING_TTL_MS = 60 * 60_000;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes: 16 characters from 31 unambiguous ones (no 0/o, 1/l/i), about 79 bits. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 16;

export type SecondFactorCheck = 'ok' | 'missing' | 'invalid';

/** 429 TOTP_LOCKED: the account's second factor is locked until `until` (a recovery code still works). */
export function totpLocked(until: Date): AppError {
  return new AppError(429, 'TOTP_LOCKED', MSG.totpLocked(OSLO_CLOCK.format(until)), { lockedUntil: until.toISOString() });
}

/** A recovery code as typed: lower case, without spaces or dashes; null when it cannot be one. */
export function normaliseRecoveryCode(input: string): string | null {
  const s = input.toLowerCase().replace(/[\s-]/g, '');
  if (s.length !== RECOVERY_LENGTH) return null;
  for (const ch of s) if (!RECOVERY_ALPHABET.includes(ch)) return null;
  return s;
}

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return s.match(/.{4}/g)!.join('-');
}

/**
 * The second factor (TOTP, RFC 6238, with the maintained `otpauth` library): enrolment by setup +
 * a confirming code, single-use recovery codes, and the check that sign-in and re-authentication
 * run. A code is accepted once: the accepted time step is stored and only later steps pass.
 */
@Injectable()
export class TotpService {
  private readonly logger = new Logger('TOTP');
  private readonly box: SecretBox;
  /** The clock codes are checked against (ms). Tests move it instead of waiting. */
  now: () => number = () => Date.now();

  constructor(
    @InjectRepository(UserTotp) private readonly totps: Repository<UserTotp>,
    @InjectRepository(TotpRecoveryCode) private readonly recovery: Repository<TotpRecoveryCode>,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly events: EventBus,
  ) {
    this.box = new SecretBox(cfg.appSecret, 'totp-secret');
  }

  /** Admins must enrol before the admin API answers them, where ADMIN_2FA is required. */
  requiredFor(user: User): boolean {
    return user.role === 'admin' && this.cfg.admin2fa === 'required';
  }

  async isEnabled(userId: number): Promise<boolean> {
    return this.totps.exists({ where: { userId, enabledAt: Not(IsNull()) } });
  }

  async status(user: User): Promise<TotpStatusResponse> {
    const enabled = await this.isEnabled(user.id);
    return {
      enabled,
      required: this.requiredFor(user),
      recoveryCodesLeft: enabled ? await this.recovery.countBy({ userId: user.id }) : 0,
    };
  }

  /** A new secret, pending until confirmed by {@link enable}. 409 when a factor is already enrolled. */
  async setup(user: User): Promise<TotpSetupResponse> {
    if (await this.isEnabled(user.id)) throw conflict(MSG.totpAlreadyEnabled);
    const secret = new Secret({ size: 20 });
    const now = new Date(this.now());
    await this.totps.upsert(
      {
        userId: user.id,
        secret: null,
        pendingSecret: this.box.seal(secret.base32, this.owner(user.id)),
        pendingSince: now,
        enabledAt: null,
        lastUsedStep: null,
        updatedAt: now,
      },
      ['userId'],
    );
    return { secret: secret.base32, otpauthUrl: this.totp(secret, user.email).toString() };
  }

  /**
   * Confirms the pending secret with a current code: the factor is on, and ten recovery codes are
   * made (answered this once, stored hashed). 400 TOTP_INVALID for a wrong code.
   */
  async enable(user: User, code: string): Promise<TotpEnableResponse> {
    const row = await this.totps.findOneBy({ userId: user.id });
    if (row?.enabledAt) throw conflict(MSG.totpAlreadyEnabled);
    const base32 = row?.pendingSecret ? this.box.open(row.pendingSecret, this.owner(user.id)) : null;
    if (!row || !base32 || !row.pendingSince || row.pendingSince.getTime() + PENDING_TTL_MS < this.now())
      throw badRequest(MSG.totpNoPendingSetup, 'TOTP_INVALID');
    const step = this.matchingStep(base32, code);
    if (step === null) throw badRequest(MSG.totpInvalid, 'TOTP_INVALID');
    const now = new Date(this.now());
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.totps.manager.transaction(async (m) => {
      const res = await m.update(
        UserTotp,
        { userId: user.id, pendingSecret: row.pendingSecret! },
        {
          secret: row.pendingSecret,
          pendingSecret: null,
          pendingSince: null,
          enabledAt: now,
          lastUsedStep: step,
          failedAttempts: 0,
          lockedUntil: null,
          updatedAt: now,
        },
      );
      if (res.affected !== 1) throw badRequest(MSG.totpNoPendingSetup, 'TOTP_INVALID');
      await m.delete(TotpRecoveryCode, { userId: user.id });
      await m.insert(
        TotpRecoveryCode,
        codes.map((c) => ({ userId: user.id, codeHash: sha256(normaliseRecoveryCode(c)!), createdAt: now })),
      );
      // The owner hears of it at the address (someone in a session turning it on would lock them out).
      await this.events.emitInTransaction(
        'totp.changed',
        { userId: user.id, change: 'enabled', at: now, recoveryCodesLeft: codes.length },
        m,
      );
    });
    this.logger.log(`Two-factor sign-in turned on for account ${user.id}`);
    return { recoveryCodes: codes };
  }

  /**
   * The second-factor step of a sign-in or re-authentication: `ok` when the account has no factor,
   * or the input is a current unused code or an unused recovery code (which is then spent).
   * Wrong codes are counted per account in the database: the TOTP_MAX_FAILURES-th in a row locks codes
   * from the app for TOTP_LOCK_MINUTES and mails the owner; while locked a code from the app throws
   * 429 TOTP_LOCKED unread, and a recovery code still works (docs/decisions.md "Two-factor sign-in").
   */
  async check(userId: number, input: unknown): Promise<SecondFactorCheck> {
    const row = await this.totps.findOneBy({ userId });
    if (!row?.enabledAt || !row.secret) return 'ok';
    if (typeof input !== 'string' || input.trim() === '') return 'missing';
    // Only what could have been a code counts as a wrong one: a typo of the wrong length cannot guess anything.
    if (input.length > 64) return 'invalid';
    const digits = input.replace(/\s/g, '');
    if (/^\d+$/.test(digits)) {
      if (digits.length !== DIGITS) return 'invalid';
      if (row.lockedUntil && row.lockedUntil.getTime() > this.now()) throw totpLocked(row.lockedUntil);
      const base32 = this.box.open(row.secret, this.owner(userId));
      if (!base32) {
        this.logger.error(`The TOTP secret of account ${userId} cannot be read (has APP_SECRET changed?)`);
        return 'invalid';
      }
      const step = this.matchingStep(base32, digits);
      if (step === null) return this.failed(userId);
      // The conditional update is the claim: a step is accepted once, also across instances.
      const res = await this.totps
        .createQueryBuilder()
        .update(UserTotp)
        .set({ lastUsedStep: step, failedAttempts: 0, updatedAt: new Date(this.now()) })
        .where('userId = :userId', { userId })
        .andWhere('(lastUsedStep IS NULL OR lastUsedStep < :step)', { step })
        .execute();
      return res.affected === 1 ? 'ok' : this.failed(userId);
    }
    const recovery = normaliseRecoveryCode(input);
    if (!recovery) return 'invalid';
    const used = await this.totps.manager.transaction(async (m) => {
      const res = await m.delete(TotpRecoveryCode, { userId, codeHash: sha256(recovery) });
      if (res.affected !== 1) return false;
      const now = new Date(this.now());
      // The owner proved the factor: the count and a lock start over.
      await m.update(UserTotp, { userId }, { failedAttempts: 0, lockedUntil: null, updatedAt: now });
      const recoveryCodesLeft = await m.countBy(TotpRecoveryCode, { userId });
      await this.events.emitInTransaction(
        'totp.changed',
        { userId, change: 'recovery-code-used', at: now, recoveryCodesLeft },
        m,
      );
      return true;
    });
    if (!used) return this.failed(userId);
    this.logger.warn(`Recovery code used for account ${userId}`);
    return 'ok';
  }

  /**
   * Counts a wrong code. The one that reaches TOTP_MAX_FAILURES locks codes from the app (the
   * conditional update is the claim, so of two instances only one locks and mails) and throws 429.
   */
  private async failed(userId: number): Promise<SecondFactorCheck> {
    await this.totps
      .createQueryBuilder()
      .update(UserTotp)
      .set({ failedAttempts: () => 'failedAttempts + 1' })
      .where('userId = :userId', { userId })
      .execute();
    const now = new Date(this.now());
    const until = new Date(now.getTime() + TOTP_LOCK_MINUTES * 60_000);
    const locked = await this.totps.manager.transaction(async (m) => {
      const res = await m
        .createQueryBuilder()
        .update(UserTotp)
        .set({ failedAttempts: 0, lockedUntil: until, updatedAt: now })
        .where('userId = :userId', { userId })
        .andWhere('failedAttempts >= :max', { max: TOTP_MAX_FAILURES })
        .execute();
      if (res.affected !== 1) return false;
      const recoveryCodesLeft = await m.countBy(TotpRecoveryCode, { userId });
      await this.events.emitInTransaction(
        'totp.changed',
        { userId, change: 'locked', at: now, lockedUntil: until, recoveryCodesLeft },
        m,
      );
      return true;
    });
    if (!locked) return 'invalid';
    this.logger.warn(`Second factor of account ${userId} locked after ${TOTP_MAX_FAILURES} wrong codes`);
    throw totpLocked(until);
  }

  /** Throws the 401 of a sign-in without a valid second factor (TOTP_REQUIRED / TOTP_INVALID). */
  async requireForSignIn(userId: number, input: unknown): Promise<void> {
    const result = await this.check(userId, input);
    if (result === 'missing') throw new AppError(401, 'TOTP_REQUIRED', MSG.totpRequired);
    if (result === 'invalid') throw new AppError(401, 'TOTP_INVALID', MSG.totpInvalid);
  }

  /** Turns the factor off and deletes the secret and the recovery codes (the caller checked password and code). */
  async disable(userId: number): Promise<void> {
    await this.totps.manager.transaction(async (m) => this.erase(m, userId));
    this.logger.log(`Two-factor sign-in turned off for account ${userId}`);
  }

  /** At the first claim of an address: a factor (or a pending setup) from before it is deleted. */
  async clearBeforeClaim(userId: number): Promise<void> {
    const removed = await this.totps.manager.transaction(async (m) => this.erase(m, userId));
    if (removed) this.logger.warn(`Two-factor set up before the address was confirmed removed for account ${userId}`);
  }

  /** Deletes the account's secret and recovery codes (account deletion uses it inside its transaction). */
  async erase(m: EntityManager, userId: number): Promise<number> {
    const a = await m.delete(UserTotp, { userId });
    const b = await m.delete(TotpRecoveryCode, { userId });
    return (a.affected ?? 0) + (b.affected ?? 0);
  }

  /** The time step the code belongs to (now ± one step), or null. */
  private matchingStep(base32: string, code: unknown): number | null {
    if (typeof code !== 'string') return null;
    const token = code.replace(/\s/g, '');
    if (!new RegExp(`^\\d{${DIGITS}}$`).test(token)) return null;
    const timestamp = this.now();
    const delta = this.totp(Secret.fromBase32(base32), '').validate({ token, timestamp, window: WINDOW });
    if (delta === null) return null;
    return TOTP.counter({ period: PERIOD, timestamp }) + delta;
  }

  private totp(secret: Secret, label: string): TOTP {
    return new TOTP({ issuer: this.cfg.siteName, label, secret, algorithm: 'SHA1', digits: DIGITS, period: PERIOD });
  }

  private owner(userId: number): string {
    return `user:${userId}`;
  }
}
