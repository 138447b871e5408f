import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { WebService } from './web.service';

/** The storefront and the admin panel's files, and the server-rendered marketing pages. */
@Module({ imports: [CatalogModule], providers: [WebService], exports: [WebService] })
export class WebModule {}
