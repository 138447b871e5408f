import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository } from 'typeorm';
import { PAID_COURSE_IDS, type AdminCertificate } from '@academy/contracts';
import type { User } from '../identity/entities/user.entity';
import { UserReader } from '../identity/user-reader.service';
import { AuditService } from '../platform/audit/audit.service';
import { filter, runList, type ListParams, type ListResult, type ListSpec } from '../platform/list/list-query';
import { Clock } from '../platform/time/clock';
import { Certificate } from './entities/certificate.entity';

const iso = (d: Date | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/** The admin panel's certificate list (alias `cert`): the fields it may sort and filter on. */
export const CERTIFICATES_LIST: ListSpec<Certificate> = {
  sort: {
    id: 'cert.id',
    issuedAt: 'cert.issuedAt',
    courseId: 'cert.courseId',
    holderName: 'cert.holderName',
    revokedAt: 'cert.revokedAt',
  },
  defaultSort: ['issuedAt', 'DESC'],
  filters: {
    id: filter.ids('cert.id'),
    q: filter.search(['cert.code', 'cert.holderName', 'cert.courseTitle']),
    userId: filter.ids('cert.userId'),
    courseId: filter.oneOf('cert.courseId', PAID_COURSE_IDS),
    revoked: filter.isSet('cert.revokedAt'),
  },
};

/** Issued certificates in the admin panel: the list, one certificate, and the mentor's revoke (audited). */
@Injectable()
export class AdminCertificatesService {
  constructor(
    @InjectRepository(Certificate) private readonly certs: Repository<Certificate>,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly users: UserReader,
    private readonly audit: AuditService,
  ) {}

  /** One page of the admin list ({@link CERTIFICATES_LIST}). */
  async listForAdmin(params: ListParams): Promise<ListResult<AdminCertificate>> {
    const res = await runList(this.certs.createQueryBuilder('cert'), params, CERTIFICATES_LIST);
    return { ...res, rows: await this.toAdmin(res.rows) };
  }

  async getForAdmin(id: number): Promise<AdminCertificate | null> {
    const cert = await this.certs.findOneBy({ id });
    return cert ? (await this.toAdmin([cert]))[0] : null;
  }

  /** Revokes a certificate (audited once; revoking a revoked one changes nothing). Null when there is none. */
  async revoke(id: number, actor: User): Promise<AdminCertificate | null> {
    const changed = await this.ds.transaction(async (m) => {
      const repo = m.getRepository(Certificate);
      const before = await repo.findOneBy({ id });
      if (!before) return null;
      if (before.revokedAt) return before;
      const revokedAt = this.clock.now();
      const res = await repo.update({ id, revokedAt: IsNull() }, { revokedAt, revokedBy: actor.id, revokedReason: 'admin' });
      if (res.affected) {
        const after = { ...before, revokedAt, revokedBy: actor.id };
        await this.audit.record(m, actor, {
          action: 'certificate.revoke',
          entity: 'certificate',
          entityId: id,
          before: { code: before.code, revokedAt: null },
          after: { code: after.code, revokedAt: revokedAt.toISOString() },
        });
      }
      return before;
    });
    return changed ? this.getForAdmin(id) : null;
  }

  private async toAdmin(rows: Certificate[]): Promise<AdminCertificate[]> {
    const ids = [...new Set(rows.map((r) => r.userId))];
    const emails = new Map<number, string>();
    for (const id of ids) {
      const u = await this.users.findById(id);
      if (u) emails.set(id, u.email);
    }
    return rows.map((c) => ({
      id: c.id,
      code: c.code,
      userId: c.userId,
      userEmail: emails.get(c.userId) ?? null,
      courseId: c.courseId,
      courseTitle: c.courseTitle,
      holderName: c.holderName,
      issuedAt: c.issuedAt.toISOString(),
      revokedAt: iso(c.revokedAt),
      revokedBy: c.revokedBy,
      revoked: c.revokedAt !== null,
      revokedReason: c.revokedAt ? (c.revokedReason ?? 'admin') : null,
    }));
  }
}
