import { Controller, Get, Header, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { SearchResponse } from '@academy/contracts';
import { SessionCookie } from '../../identity/session-cookie';
import { RouteLimits } from '../../platform/security/route-policy';
import { SearchService } from './search.service';

/** Sixty searches a minute per client: plenty for typing with a pause, a ceiling for scraping. */
export const SEARCH_LIMIT = { name: 'search', limit: 60, windowMs: 60_000 } as const;

/** Search across the lessons the viewer may watch (Starter for everyone, a visitor included). */
@Controller('api/search')
export class SearchController {
  constructor(
    private readonly searchService: SearchService,
    private readonly cookie: SessionCookie,
  ) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  @RouteLimits({ name: SEARCH_LIMIT.name, key: 'client', rate: { hits: SEARCH_LIMIT.limit, windowMs: SEARCH_LIMIT.windowMs } })
  async search(@Query('q') q: unknown, @Req() req: FastifyRequest): Promise<SearchResponse> {
    const auth = await this.cookie.resolve(req);
    return this.searchService.search(auth?.user ?? null, q);
  }
}
