import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CatalogService } from './catalog.service';

/**
 * `GET /api/catalog`: the one catalogue, with an ETag. The hottest read of the site, so it is a
 * plain Fastify route answering the serialised catalogue from memory, without Nest's per-request
 * pipeline (it has no input to validate and no guard). Errors still reach the global filter.
 */
@Injectable()
export class CatalogRoute implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly catalog: CatalogService,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const answer = (req: FastifyRequest, reply: FastifyReply, c: { json: string; etag: string }) => {
      reply.header('etag', c.etag).header('cache-control', 'public, max-age=0, must-revalidate');
      if (req.headers['if-none-match'] === c.etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(c.json);
    };
    // Answered at once from memory when the copy is current; otherwise after the rebuild.
    fastify.get('/api/catalog', (req, reply) => {
      const fresh = this.catalog.fresh();
      if (fresh) return answer(req, reply, fresh);
      return this.catalog.get().then((c) => answer(req, reply, c));
    });
  }
}
