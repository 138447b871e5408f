import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { Attribution } from '@academy/contracts';
import { createValidationPipe } from '../platform/http/validation.pipe';
import { WriteLimit } from '../platform/security/write-limit';
import { CreateLeadDto } from './dto/create-lead.dto';
import { leadDestination, LeadsService } from './leads.service';

function attributionOf(dto: CreateLeadDto): Attribution {
  return {
    ...dto.attribution,
    trafficSource: dto.trafficSource ?? dto.attribution?.trafficSource,
    utmSource: dto.utm?.source ?? dto.attribution?.utmSource,
    utmMedium: dto.utm?.medium ?? dto.attribution?.utmMedium,
    utmCampaign: dto.utm?.campaign ?? dto.attribution?.utmCampaign,
    utmTerm: dto.utm?.term ?? dto.attribution?.utmTerm,
    utmContent: dto.utm?.content ?? dto.attribution?.utmContent,
  };
}

/**
 * `POST /api/leads`, the pages' lead form: the busiest write of the site, so it is a plain Fastify
 * route like the catalogue. It keeps every rule of a Nest route, through the same parts: the
 * write limit ({@link WriteLimit}), the global validation pipe with the DTO's Norwegian messages,
 * the CSRF rule and headers (Fastify hooks), and errors in the API's shape (the global filter is
 * Fastify's error handler). What it skips is Nest's per-request machinery around them.
 */
@Injectable()
export class LeadsRoute implements OnModuleInit {
  private readonly pipe = createValidationPipe();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly leads: LeadsService,
    private readonly writes: WriteLimit,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.post('/api/leads', async (req, reply) => {
      await this.writes.hit(req, reply);
      const dto = (await this.pipe.transform(req.body, { type: 'body', metatype: CreateLeadDto })) as CreateLeadDto;
      const lead = await this.leads.record({
        email: dto.email,
        courseType: dto.courseType,
        source: dto.source,
        attribution: attributionOf(dto),
      });
      return reply.status(201).send({ success: true, id: lead.id, next: leadDestination(dto.courseType, dto.email) });
    });
  }
}
