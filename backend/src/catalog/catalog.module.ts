import { Global, Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { CatalogRoute } from './catalog.route';
import { CatalogService } from './catalog.service';
import { SiteSettingsService } from './site-settings.service';

@Global()
@Module({
  controllers: [CatalogController],
  providers: [CatalogService, SiteSettingsService, CatalogRoute],
  exports: [CatalogService, SiteSettingsService],
})
export class CatalogModule {}
