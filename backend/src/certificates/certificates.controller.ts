import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { CertificateListItem, CertificateVerification } from '@academy/contracts';
import { CurrentUser, SignedIn } from '../identity/current-user.decorator';
import type { User } from '../identity/entities/user.entity';
import { CertificatesService } from './certificates.service';

/** Anyone with the code: is the certificate genuine (name, course, date; revoked or not). */
@Controller('api/certificates/verify')
export class CertificateVerifyController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get(':code')
  @Header('cache-control', 'no-store')
  verify(@Param('code') code: string): Promise<CertificateVerification> {
    return this.certificates.verify(code);
  }
}

/** The signed-in student's own certificates. */
@Controller('api/certificates')
@SignedIn()
export class CertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  list(@CurrentUser() user: User): Promise<CertificateListItem[]> {
    return this.certificates.listFor(user);
  }

  /** The PDF; 409 NAME_REQUIRED while the account has no name (PATCH /api/account sets it). */
  @Get(':courseId')
  async pdf(
    @CurrentUser() user: User,
    @Param('courseId') courseId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const { pdf, filename } = await this.certificates.pdfFor(user, courseId);
    reply
      .header('content-type', 'application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${filename}"`);
    return pdf;
  }
}
