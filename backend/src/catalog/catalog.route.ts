import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { FastAnswer } from '../platform/http/fast-routes';
import { pipelineOf } from '../platform/http/request-pipeline';
import { CatalogService } from './catalog.service';

interface Answers {
  ok: FastAnswer;
  notModified: FastAnswer;
}

/**
 * `GET /api/catalog`: the one catalogue, with an ETag. The hottest read of the site: a route of the
 * request pipeline whose answers are built once per catalogue version and served from memory at the
 * pipeline's front door when the copy in memory is current; otherwise its handler waits for the
 * rebuild. Both send the same bytes and headers.
 */
@Injectable()
export class CatalogRoute implements OnModuleInit {
  private readonly answers = new WeakMap<object, Answers>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly catalog: CatalogService,
  ) {}

  /** The answer from memory: when the catalogue in memory is current, else null. */
  readonly fast = (req: IncomingMessage): FastAnswer | null => {
    const c = this.catalog.fresh();
    return c ? this.answer(c, req.headers['if-none-match']) : null;
  };

  onModuleInit(): void {
    pipelineOf(this.adapterHost.httpAdapter.getInstance<FastifyInstance>()).route({
      method: 'GET',
      url: '/api/catalog',
      fast: this.fast,
      handler: async (req, reply: FastifyReply) => {
        const a = this.answer(this.catalog.fresh() ?? (await this.catalog.get()), req.headers['if-none-match']);
        const h = a.headers;
        for (let i = 0; i < h.length; i += 2) reply.header(h[i], h[i + 1]);
        return reply.status(a.status).send(a.body);
      },
    });
  }

  private answer(c: { body: Buffer; etag: string }, ifNoneMatch: string | undefined): FastAnswer {
    let a = this.answers.get(c);
    if (!a) {
      const caching = ['etag', c.etag, 'cache-control', 'public, max-age=0, must-revalidate'];
      a = {
        ok: {
          status: 200,
          headers: [...caching, 'content-type', 'application/json; charset=utf-8', 'content-length', String(c.body.length)],
          body: c.body,
        },
        notModified: { status: 304, headers: caching },
      };
      this.answers.set(c, a);
    }
    return ifNoneMatch === c.etag ? a.notModified : a.ok;
  }
}
