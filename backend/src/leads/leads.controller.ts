import { Controller, Post, Req, Res } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@academy/contracts';
import { AppError } from '../platform/errors/app-error';
import { validationMessage } from '../platform/http/validation.pipe';
import { CreateLeadDto } from './dto/create-lead.dto';
import { EventBus } from '../platform/events';
import { LeadsService } from './leads.service';
import { renderFormError } from './form-error.page';

@Controller()
export class LeadsController {
  constructor(
    private readonly leads: LeadsService,
    private readonly events: EventBus,
  ) {}

  /**
   * The same form without JavaScript: form-encoded `form-name=lead-capture`, email, course-type, source,
   * and `marketing-consent=on` when the marketing box is ticked.
   * Answers 303 to where the script would have gone.
   */
  @Post()
  async createFromForm(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
    const wantsHtml = /text\/html/.test(String(req.headers.accept ?? ''));
    // A browser gets a page saying what is wrong; anything else the API's error.
    const fail = (message: string) => {
      if (!wantsHtml) throw new AppError(400, 'VALIDATION_FAILED', message);
      void reply.status(400).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderFormError(message));
    };
    if (one(body['form-name']) !== 'lead-capture') return fail(MSG.unknownForm);
    const candidate = plainToInstance(CreateLeadDto, {
      email: one(body.email),
      courseType: one(body['course-type']),
      source: one(body.source) ?? '/',
    });
    const errors = await validate(candidate, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length) return fail(validationMessage(errors));
    const { lead, next } = await this.leads.capture(candidate);
    await this.events.emit('lead.captured', {
      email: lead.email,
      courseType: candidate.courseType,
      trafficSource: lead.attribution.trafficSource ?? null,
      source: candidate.source,
      marketingConsent: one(body['marketing-consent']) === 'on',
      ip: req.ip ?? null,
    });
    void reply.status(303).header('location', next).header('cache-control', 'no-store').send();
  }
}
