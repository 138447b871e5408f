import type { EntityManager } from 'typeorm';
import { attributionColumns } from '../platform/dto/attribution.dto';
import {
  ERASURE_ORDER,
  OwnsPersonalData,
  type DataSubject,
  type ExportSections,
  type PersonalDataOwner,
} from '../platform/personal-data';
import { LoginToken } from './entities/login-token.entity';
import { Session } from './entities/session.entity';
import { User } from './entities/user.entity';
import { TotpService } from './totp/totp.service';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/**
 * Identity's part of the export and the erasure: the account and its sessions (no password hash, no
 * session token); erased with its one-time links and second factor, then the user row itself.
 */
@OwnsPersonalData({
  name: 'identity',
  sections: ['account', 'sessions'],
  tables: ['users', 'sessions', 'login_tokens', 'user_totp', 'totp_recovery_codes'],
  eraseOrder: ERASURE_ORDER.identity,
})
export class IdentityPersonalData implements PersonalDataOwner {
  constructor(private readonly totp: TotpService) {}

  async exportFor(subject: DataSubject, m: EntityManager): Promise<ExportSections> {
    const [user, sessions, twoFactorEnabled] = await Promise.all([
      m.findOneByOrFail(User, { id: subject.userId }),
      m.find(Session, { where: { userId: subject.userId }, order: { createdAt: 'ASC' } }),
      this.totp.isEnabled(subject.userId),
    ]);
    return {
      account: {
        id: user.id,
        email: user.email,
        role: user.role,
        firstName: user.firstName,
        lastName: user.lastName,
        passwordSet: !!user.passwordHash,
        passwordChangedAt: iso(user.passwordChangedAt),
        claimedAt: iso(user.claimedAt),
        twoFactorEnabled,
        createdAt: user.createdAt.toISOString(),
        updatedAt: user.updatedAt.toISOString(),
        attribution: attributionColumns(user.attribution),
      },
      sessions: sessions.map((s) => ({
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        ip: s.ip,
        userAgent: s.userAgent,
      })),
    };
  }

  /** Sessions, one-time links, the second factor, then the user row. */
  async eraseFor({ userId }: DataSubject, m: EntityManager): Promise<Record<string, number>> {
    const affected = (r: { affected?: number | null }) => r.affected ?? 0;
    const erased = {
      sessionsEnded: affected(await m.delete(Session, { userId })),
      loginTokensRemoved: affected(await m.delete(LoginToken, { userId })),
      secondFactorRowsRemoved: await this.totp.erase(m, userId),
    };
    await m.delete(User, { id: userId });
    return erased;
  }
}
