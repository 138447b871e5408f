import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CatalogService } from './catalog.service';
import { SiteSettingsService } from './site-settings.service';

@Controller('api')
export class CatalogController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly site: SiteSettingsService,
  ) {}

  /** The one catalogue, with an ETag. */
  @Get('catalog')
  async get(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const c = await this.catalog.get();
    reply.header('etag', c.etag).header('cache-control', 'public, max-age=0, must-revalidate');
    if (req.headers['if-none-match'] === c.etag) return void reply.status(304).send();
    void reply.type('application/json; charset=utf-8').send(c.json);
  }

  /** Site settings the pages need (names, contact addresses, the video overlay text). */
  @Get('site')
  async siteSettings() {
    return this.site.get();
  }
}
