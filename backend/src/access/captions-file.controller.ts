import { Controller, Get, Header, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CAPTIONS_MSG } from '@academy/contracts';
import { CaptionsService } from '../catalog/captions/captions.service';
import { SessionCookie } from '../identity/session-cookie';
import { notFound } from '../platform/errors/app-error';
import { ModuleIdParam } from './module-id.param';
import { WatchableModulesService } from './watchable-modules.service';

/**
 * A module's approved captions as a WebVTT file, for the player's <track> and the transcript: only to
 * those who may watch the module (the video's checks), never cached outside the viewer's browser.
 */
@Controller('api/courses/:courseId/modules/:moduleId')
export class CaptionsFileController {
  constructor(
    private readonly watchable: WatchableModulesService,
    private readonly captions: CaptionsService,
    private readonly cookie: SessionCookie,
  ) {}

  @Get('captions.vtt')
  @Header('cache-control', 'private, no-store')
  async vtt(
    @Param('courseId') courseId: string,
    @ModuleIdParam() moduleId: number,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const auth = await this.cookie.resolve(req);
    await this.watchable.module(auth?.user ?? null, courseId, moduleId);
    // The file as the mentor approved it: its NOTE, STYLE and REGION blocks and identifiers kept.
    const file = await this.captions.approvedFile(moduleId);
    if (file === null) throw notFound(CAPTIONS_MSG.notFound);
    reply.header('content-type', 'text/vtt; charset=utf-8');
    return file;
  }
}
