import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MENTOR_MAX_IMAGES, MENTOR_MSG, type MentorThread, type MentorThreadsResponse } from '@academy/contracts';
import { CurrentUser, SignedIn } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { notFound } from '../../platform/errors/app-error';
import { parseId } from '../../platform/http/parse-id.pipe';
import { CreateMentorThreadDto, MentorMessageDto } from '../dto/mentor.dto';
import { readMentorForm } from './mentor-form';
import { MentorImagesService } from './mentor-images.service';
import { MentorThreadsService } from './mentor-threads.service';

/**
 * "Mentor" in the member area: the student's threads with the mentor. Starting a thread and writing
 * in one take JSON, or multipart/form-data with chart images (the CSRF rule admits multipart on
 * these two routes and the mentor's answer only). A multipart body is read by the handler itself,
 * so everything that can refuse the request without it (eligibility, the thread's owner and state,
 * the month's quota, the day's images) is asked first: a refusal never waits for the images.
 */
@Controller('api/mentor')
@SignedIn()
export class MentorController {
  constructor(
    private readonly threads: MentorThreadsService,
    private readonly images: MentorImagesService,
  ) {}

  @Get('threads')
  list(@CurrentUser() user: User): Promise<MentorThreadsResponse> {
    return this.threads.overview(user);
  }

  @Post('threads')
  @HttpCode(201)
  async create(@Req() req: FastifyRequest, @CurrentUser() user: User): Promise<MentorThread> {
    const admitted = await this.threads.admitThread(user);
    try {
      const form = await readMentorForm(req, CreateMentorThreadDto, MENTOR_MAX_IMAGES, admitted.limits);
      return await this.threads.create(user, form.fields, form.files);
    } finally {
      admitted.release();
    }
  }

  @Get('threads/:id')
  get(@Param('id') id: string, @CurrentUser() user: User): Promise<MentorThread> {
    return this.threads.get(user, parseId(id, MENTOR_MSG.notFound));
  }

  @Post('threads/:id/messages')
  @HttpCode(201)
  async reply(@Param('id') id: string, @Req() req: FastifyRequest, @CurrentUser() user: User): Promise<MentorThread> {
    const threadId = parseId(id, MENTOR_MSG.notFound);
    const admitted = await this.threads.admitReply(user, threadId);
    try {
      const form = await readMentorForm(req, MentorMessageDto, MENTOR_MAX_IMAGES, admitted.limits);
      return await this.threads.reply(user, threadId, form.fields.body, form.files);
    } finally {
      admitted.release();
    }
  }

  /** A chart image (or its thumbnail with `?thumb=1`): only the thread's student and admins get it, anyone else 404. */
  @Get('images/:id')
  async image(
    @Param('id') id: string,
    @Query('thumb') thumb: unknown,
    @CurrentUser() user: User,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.images.image(user, parseId(id, MENTOR_MSG.imageNotFound), thumb === '1');
    const size = await stat(file.path).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) throw notFound(MENTOR_MSG.imageNotFound);
    await reply
      .header('content-type', file.contentType)
      .header('content-length', String(size))
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=86400')
      .send(createReadStream(file.path));
  }
}
