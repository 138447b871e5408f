import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { CreateLeadResponse } from '@academy/contracts';
import { pipelineOf } from '../platform/http/request-pipeline';
import { CreateLeadDto } from './dto/create-lead.dto';
import { EventBus } from '../platform/events';
import { LeadsService } from './leads.service';

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
    private readonly events: EventBus,
  ) {}

  onModuleInit(): void {
    pipelineOf(this.adapterHost.httpAdapter.getInstance<FastifyInstance>()).route({
      method: 'POST',
      url: '/api/leads',
      body: CreateLeadDto,
      handler: async (req, reply, dto) => {
        const { lead, next } = await this.leads.capture(dto);
        await this.events.emit('lead.captured', {
          email: lead.email,
          courseType: dto.courseType,
          // The lead as stored: the visit's first touch before the page's own code (one value everywhere).
          trafficSource: lead.attribution.trafficSource ?? null,
          source: dto.source,
          marketingConsent: dto.marketingConsent === true,
          ip: req.ip ?? null,
        });
        const body: CreateLeadResponse = { success: true, id: lead.id, next };
        return reply.status(201).send(body);
      },
    });
  }
}
