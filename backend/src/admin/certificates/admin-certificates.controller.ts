import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MSG, type AdminCertificate } from '@academy/contracts';
import { AdminCertificatesService, CERTIFICATES_LIST } from '../../certificates/admin-certificates.service';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import { RecentSignIn } from '../../identity/totp/recent-sign-in.guard';
import type { User } from '../../identity/entities/user.entity';
import { notFound } from '../../platform/errors/app-error';
import { listParamsFor, sendContentRange } from '../../platform/list/list-query';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';

/** Issued certificates: read, and revoke (audited; the public page then says it is revoked). */
@Controller('api/admin/certificates')
@AdminOnly()
export class AdminCertificatesController {
  constructor(private readonly certificates: AdminCertificatesService) {}

  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminCertificate[]> {
    const res = await this.certificates.listForAdmin(listParamsFor(query, CERTIFICATES_LIST));
    sendContentRange(reply, 'certificates', res);
    return res.rows;
  }

  @Get(':id')
  async get(@Param('id', ParseIdPipe) id: number): Promise<AdminCertificate> {
    const cert = await this.certificates.getForAdmin(id);
    if (!cert) throw notFound(MSG.certificateNotFound);
    return cert;
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @RecentSignIn()
  async revoke(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<AdminCertificate> {
    const cert = await this.certificates.revoke(id, actor);
    if (!cert) throw notFound(MSG.certificateNotFound);
    return cert;
  }
}
