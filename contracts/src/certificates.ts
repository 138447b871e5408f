import type { PaidCourseId } from './catalog';

/** GET /api/certificates: the signed-in student's certificates. */
export interface CertificateListItem {
  courseId: PaidCourseId;
  code: string;
  issuedAt: string;
  courseTitle: string;
  /** The account has no name yet: the PDF waits for one (PATCH /api/account). */
  nameRequired: boolean;
}

/** GET /api/certificates/verify/:code: what the public page shows, and nothing more. */
export interface CertificateVerification {
  code: string;
  holderName: string | null;
  courseTitle: string;
  issuedAt: string;
  revoked: boolean;
  revokedAt: string | null;
  /** Why: `access` (the holder's access to the course ended: refund or revoke), `admin` (the issuer revoked it); null while valid. */
  revokedReason: 'access' | 'admin' | null;
  /** The sentence the public page shows about a revocation (Norwegian); null while valid. */
  revokedMessage: string | null;
}

/** PATCH /api/account */
export interface UpdateAccountNameRequest {
  firstName: string;
  lastName: string;
}

export interface AccountNameResponse {
  firstName: string | null;
  lastName: string | null;
}

/** GET /api/admin/certificates (list rows). */
export interface AdminCertificate {
  id: number;
  code: string;
  userId: number;
  userEmail: string | null;
  courseId: string;
  courseTitle: string;
  holderName: string | null;
  issuedAt: string;
  revokedAt: string | null;
  revokedBy: number | null;
  revoked: boolean;
  /** `access`: revoked because the student's access to the course ended; `admin`: revoked by the mentor. */
  revokedReason: 'access' | 'admin' | null;
}
