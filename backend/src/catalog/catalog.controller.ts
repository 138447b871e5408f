import { Controller, Get } from '@nestjs/common';
import { SiteSettingsService } from './site-settings.service';

@Controller('api')
export class CatalogController {
  constructor(private readonly site: SiteSettingsService) {}

  /** Site settings the pages need (names, contact addresses, the video overlay text). */
  @Get('site')
  async siteSettings() {
    return this.site.get();
  }
}
