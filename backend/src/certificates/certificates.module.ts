import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module';
import { QuizModule } from '../access/quiz/quiz.module';
import { CatalogModule } from '../catalog/catalog.module';
import { IdentityModule } from '../identity/identity.module';
import { AuditModule } from '../platform/audit/audit.module';
import { CertificateVerifyController, CertificatesController } from './certificates.controller';
import { AdminCertificatesService } from './admin-certificates.service';
import { CertificatesService } from './certificates.service';
import { Certificate } from './entities/certificate.entity';

/** Course certificates: issued on completing a paid course, a PDF for the student, a public verification. */
@Module({
  imports: [TypeOrmModule.forFeature([Certificate]), AuditModule, CatalogModule, IdentityModule, AccessModule, QuizModule],
  controllers: [CertificateVerifyController, CertificatesController],
  providers: [CertificatesService, AdminCertificatesService],
  exports: [CertificatesService, AdminCertificatesService],
})
export class CertificatesModule {}
