import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { CertificatesModule } from '../certificates/certificates.module';
import { WebService } from './web.service';

/** The storefront and the admin panel's files, the server-rendered marketing pages and public certificate pages. */
@Module({ imports: [CatalogModule, CertificatesModule], providers: [WebService], exports: [WebService] })
export class WebModule {}
