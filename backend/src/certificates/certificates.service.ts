import { Inject, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Repository, type EntityManager } from 'typeorm';
import {
  MSG,
  PAID_COURSE_IDS,
  isPaidCourseId,
  type AccountExport,
  type CertificateListItem,
  type CertificateVerification,
  type PaidCourseId,
} from '@academy/contracts';
import { AccessRecordsService } from '../access/access-records.service';
import { GrantsService } from '../access/grants.service';
import { QuizzesService } from '../access/quiz/quizzes.service';
import { CoursesService } from '../catalog/courses.service';
import type { User } from '../identity/entities/user.entity';
import { UserReader } from '../identity/user-reader.service';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../platform/personal-data';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { conflict, notFound } from '../platform/errors/app-error';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { OnEvent, type EventMap } from '../platform/events';
import { Clock } from '../platform/time/clock';
import { newCertificateCode, normaliseCertificateCode } from './certificate-code';
import { certificatePdf } from './certificate-pdf';
import { Certificate } from './entities/certificate.entity';

const iso = (d: Date | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/** The account's name as a certificate shows it, or null while first or last name is missing. */
export function holderNameOf(user: Pick<User, 'firstName' | 'lastName'>): string | null {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  return first && last ? `${first} ${last}` : null;
}

/**
 * Course certificates. One is issued when a student who owns a paid course has completed every
 * module of it (progress tells us; the list also catches up on completions from before). The unique
 * (user, course) index makes concurrent completions issue one. Title and name are kept as issued.
 * The admin panel's list and revoke are {@link AdminCertificatesService}'s.
 */
@OwnsPersonalData({
  name: 'certificates',
  sections: ['certificates'],
  tables: ['certificates'],
  eraseOrder: ERASURE_ORDER.certificates,
})
export class CertificatesService implements PersonalDataOwner {
  private readonly logger = new Logger('Certificates');

  constructor(
    @InjectRepository(Certificate) private readonly certs: Repository<Certificate>,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly grants: GrantsService,
    private readonly access: AccessRecordsService,
    private readonly courses: CoursesService,
    private readonly users: UserReader,
    private readonly quizzes: QuizzesService,
  ) {}

  /** A student completed every module: the certificate, when the course is a paid one they own. */
  @OnEvent('course.completed')
  async courseCompleted(e: EventMap['course.completed']): Promise<void> {
    await this.issueIfEarned(e.userId, e.courseId);
  }

  /** A student passed a quiz: the certificate, when that was the last thing missing (every module was complete already). */
  @OnEvent('quiz.passed')
  async quizPassed(e: EventMap['quiz.passed']): Promise<void> {
    await this.issueIfEarned(e.userId, e.courseId);
  }

  /**
   * Every way access ends (refund, the mentor's revoke, the revoke of a product that included the
   * course) goes through the grants' one revocation, which announces it inside its transaction.
   */
  @OnEvent('access.revoked', { phase: 'in-transaction' })
  async accessRevoked(e: EventMap['access.revoked'], m: EntityManager): Promise<void> {
    await this.revokeForEndedAccess(e.userId, e.courseIds, e.revokedBy, m);
  }

  /** Revokes the valid certificates of courses the user no longer has access to (reason `access`). */
  async revokeForEndedAccess(userId: number, courseIds: string[], revokedBy: number | null, m: EntityManager): Promise<void> {
    if (courseIds.length === 0) return;
    const res = await m
      .getRepository(Certificate)
      .update(
        { userId, courseId: In(courseIds), revokedAt: IsNull() },
        { revokedAt: this.clock.now(), revokedBy, revokedReason: 'access' },
      );
    if (res.affected) this.logger.log(`Certificate withdrawn (access ended): ${courseIds.join(', ')} for user ${userId}`);
  }

  /**
   * Issues the certificate of a paid course if the user owns it, has completed every published
   * module and has passed the quiz of every module that has one, once. Returns the certificate (new or earlier), or null when it is not earned.
   */
  async issueIfEarned(userId: number, courseId: string): Promise<Certificate | null> {
    if (!isPaidCourseId(courseId)) return null;
    const existing = await this.certs.findOneBy({ userId, courseId });
    // One revoked because access ended comes back when the student has the course (and all of it done) again.
    if (existing && existing.revokedReason !== 'access') return existing;
    if (!(await this.grants.owns(userId, courseId))) return existing;
    const course = await this.courses.content(courseId);
    if (!course || course.modules.length === 0) return existing;
    const progress = (await this.access.progressOf(userId)).find((p) => p.courseId === courseId);
    const done = new Set(Array.isArray(progress?.completedModules) ? progress.completedModules : []);
    if (!course.modules.every((m) => done.has(m.id))) return existing;
    if (existing) {
      // Valid again without the quizzes: it was earned before (docs/decisions.md "Quizzes").
      await this.certs.update(
        { id: existing.id, revokedReason: 'access' },
        { revokedAt: null, revokedBy: null, revokedReason: null },
      );
      this.logger.log(`Certificate valid again (access is back): ${courseId} for user ${userId}`);
      return this.certs.findOneBy({ id: existing.id });
    }
    // A new certificate also needs every quiz of the course passed (docs/decisions.md "Quizzes").
    if (
      !(await this.quizzes.allPassed(
        userId,
        course.modules.map((m) => m.id),
      ))
    )
      return null;
    const user = await this.users.findById(userId);
    if (!user) return null;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await this.certs.insert({
          code: newCertificateCode(),
          userId,
          courseId,
          courseTitle: course.title.slice(0, 120),
          holderName: holderNameOf(user),
          issuedAt: this.clock.now(),
          revokedAt: null,
          revokedBy: null,
          revokedReason: null,
        });
        this.logger.log(`Certificate issued: ${courseId} for user ${userId}`);
        break;
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        // Another request issued it first (same user and course), or — vanishingly rarely — the code was taken.
        if (await this.certs.existsBy({ userId, courseId })) break;
      }
    }
    return this.certs.findOneBy({ userId, courseId });
  }

  /** GET /api/certificates: the student's valid certificates (issuing any earned but not yet issued). */
  async listFor(user: User): Promise<CertificateListItem[]> {
    const owned = await this.grants.activeCourseIds(user.id);
    const have = new Set(
      (await this.certs.find({ select: { courseId: true, revokedReason: true }, where: { userId: user.id } }))
        .filter((c) => c.revokedReason !== 'access')
        .map((c) => c.courseId),
    );
    for (const courseId of owned)
      if (isPaidCourseId(courseId) && !have.has(courseId)) await this.issueIfEarned(user.id, courseId);
    const rows = await this.certs.find({
      where: { userId: user.id, revokedAt: IsNull() },
      order: { issuedAt: 'ASC', id: 'ASC' },
    });
    const nameMissing = holderNameOf(user) === null;
    return rows
      .filter((c) => isPaidCourseId(c.courseId))
      .sort((a, b) => PAID_COURSE_IDS.indexOf(a.courseId as PaidCourseId) - PAID_COURSE_IDS.indexOf(b.courseId as PaidCourseId))
      .map((c) => ({
        courseId: c.courseId as PaidCourseId,
        code: c.code,
        issuedAt: c.issuedAt.toISOString(),
        courseTitle: c.courseTitle,
        nameRequired: c.holderName === null && nameMissing,
      }));
  }

  /**
   * GET /api/certificates/:courseId: the PDF of the student's own certificate. Without a name on
   * the certificate the account's name is taken (once); without one there either → 409 NAME_REQUIRED.
   */
  async pdfFor(user: User, courseId: string): Promise<{ pdf: Buffer; filename: string }> {
    if (!isPaidCourseId(courseId)) throw notFound(MSG.certificateNotFound);
    let cert = await this.certs.findOneBy({ userId: user.id, courseId });
    if (!cert || cert.revokedReason === 'access') cert = await this.issueIfEarned(user.id, courseId);
    if (!cert || cert.revokedAt) throw notFound(MSG.certificateNotEarned);
    if (cert.holderName === null) {
      const fresh = await this.users.findById(user.id);
      const name = fresh ? holderNameOf(fresh) : null;
      if (!name) throw conflict(MSG.nameRequired, 'NAME_REQUIRED');
      await this.certs.update({ id: cert.id, holderName: IsNull() }, { holderName: name });
      cert = await this.certs.findOneByOrFail({ id: cert.id });
    }
    const pdf = await certificatePdf(
      { siteName: this.cfg.siteName, mentorName: this.cfg.mentorName, publicUrl: this.cfg.publicUrl },
      { holderName: cert.holderName!, courseTitle: cert.courseTitle, issuedAt: cert.issuedAt, code: cert.code },
      this.clock.now(),
    );
    return { pdf, filename: `kursbevis-${courseId}-${cert.code}.pdf` };
  }

  /** After the student gives a name: certificates issued without one take it. */
  async nameGiven(userId: number, name: string, m?: EntityManager): Promise<void> {
    await (m ? m.getRepository(Certificate) : this.certs).update({ userId, holderName: IsNull() }, { holderName: name });
  }

  /** GET /api/certificates/verify/:code: name, course, date and whether it is revoked — nothing more. */
  async verify(rawCode: string): Promise<CertificateVerification> {
    const found = await this.lookup(rawCode);
    if (!found) throw notFound(MSG.certificateNotFound);
    return found;
  }

  /** The public facts of the certificate with this code (as typed or linked), or null when there is none. */
  async lookup(rawCode: string): Promise<CertificateVerification | null> {
    const code = normaliseCertificateCode(rawCode);
    const cert = code ? await this.certs.findOneBy({ code }) : null;
    if (!cert) return null;
    return {
      code: cert.code,
      holderName: cert.holderName,
      courseTitle: cert.courseTitle,
      issuedAt: cert.issuedAt.toISOString(),
      revoked: cert.revokedAt !== null,
      revokedAt: iso(cert.revokedAt),
      revokedReason: cert.revokedAt ? (cert.revokedReason ?? 'admin') : null,
      revokedMessage: !cert.revokedAt
        ? null
        : cert.revokedReason === 'access'
          ? MSG.certificateRevokedAccessEnded
          : MSG.certificateRevokedByMentor,
    };
  }

  // ---- the account's own data

  /** Erasure, inside the caller's transaction: the certificates go with the account (the public page then finds none). */
  /** The account's certificates for its data export. */
  async exportFor({ userId }: DataSubject, m: EntityManager): Promise<Pick<AccountExport, 'certificates'>> {
    const rows = await m.find(Certificate, { where: { userId }, order: { issuedAt: 'ASC', id: 'ASC' } });
    return {
      certificates: rows.map((c) => ({
        courseId: c.courseId,
        courseTitle: c.courseTitle,
        holderName: c.holderName,
        code: c.code,
        issuedAt: c.issuedAt.toISOString(),
        revokedAt: c.revokedAt ? c.revokedAt.toISOString() : null,
      })),
    };
  }

  async eraseFor({ userId }: DataSubject, m: EntityManager): Promise<{ certificatesRemoved: number }> {
    return { certificatesRemoved: (await m.delete(Certificate, { userId })).affected ?? 0 };
  }

  /** Certificates of several users (the admin's student page). */
  ofUsers(userIds: number[]): Promise<Certificate[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.certs.find({ where: { userId: In(userIds) } });
  }
}
