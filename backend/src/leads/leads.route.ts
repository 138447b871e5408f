import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { Attribution } from '@academy/contracts';
import { pipelineOf } from '../platform/http/request-pipeline';
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
 * `POST /api/leads`, the pages' lead form: the busiest write of the site, so it is a route of the
 * request pipeline itself rather than a Nest controller. It runs every step a Nest route runs (the
 * CSRF rule, the write limit, the DTO's validation with its Norwegian messages, the one error
 * mapping, the log line); what it skips is Nest's per-request machinery around the handler.
 */
@Injectable()
export class LeadsRoute implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly leads: LeadsService,
  ) {}

  onModuleInit(): void {
    pipelineOf(this.adapterHost.httpAdapter.getInstance<FastifyInstance>()).route({
      method: 'POST',
      url: '/api/leads',
      body: CreateLeadDto,
      handler: async (_req, reply, dto) => {
        const lead = await this.leads.record({
          email: dto.email,
          courseType: dto.courseType,
          source: dto.source,
          attribution: attributionOf(dto),
        });
        return reply.status(201).send({ success: true, id: lead.id, next: leadDestination(dto.courseType, dto.email) });
      },
    });
  }
}
