import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Attribution } from '../contracts';
import { validationMessage } from '../common/validation.pipe';
import { CreateLeadDto } from './dto/create-lead.dto';
import { leadDestination, LeadsService } from './leads.service';
import { renderFormError } from './form-error.page';

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

@Controller()
export class LeadsController {
  constructor(private readonly leads: LeadsService) {}

  /** The pages' lead form. */
  @Post('api/leads')
  @HttpCode(201)
  async create(@Body() dto: CreateLeadDto): Promise<{ success: true; id: number; next: string }> {
    const lead = await this.leads.record({
      email: dto.email,
      courseType: dto.courseType,
      source: dto.source,
      attribution: attributionOf(dto),
    });
    return { success: true, id: lead.id, next: leadDestination(dto.courseType, dto.email) };
  }

  /**
   * The same form without JavaScript: form-encoded `form-name=lead-capture`, email, course-type, source.
   * Answers 303 to where the script would have gone.
   */
  @Post()
  async createFromForm(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
    const wantsHtml = /text\/html/.test(String(req.headers.accept ?? ''));
    const fail = (message: string) => {
      const err = { statusCode: 400, code: 'VALIDATION_FAILED', message };
      if (wantsHtml)
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderFormError(message));
      return reply.status(400).header('cache-control', 'no-store').send(err);
    };
    if (one(body['form-name']) !== 'lead-capture') return void fail('Ukjent skjema');
    const candidate = plainToInstance(CreateLeadDto, {
      email: one(body.email),
      courseType: one(body['course-type']),
      source: one(body.source) ?? '/',
    });
    const errors = await validate(candidate, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length) return void fail(validationMessage(errors));
    await this.leads.record({ email: candidate.email, courseType: candidate.courseType, source: candidate.source });
    void reply
      .status(303)
      .header('location', leadDestination(candidate.courseType, candidate.email))
      .header('cache-control', 'no-store')
      .send();
  }
}
