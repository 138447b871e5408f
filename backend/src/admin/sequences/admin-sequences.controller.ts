import { Body, Controller, Get, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AdminSequence } from '@academy/contracts';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { sendContentRange } from '../../platform/list/list-query';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { SequenceDto, UpdateSequenceDto } from '../../marketing/dto/broadcast.dto';
import { AdminSequencesService } from '../../marketing/admin-sequences.service';

/** 'E-post' → 'Sekvenser' (ra-data-simple-rest): admin only, every write audited. */
@Controller('api/admin/sequences')
@AdminOnly()
export class AdminSequencesController {
  constructor(private readonly sequences: AdminSequencesService) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminSequence[]> {
    const res = await this.sequences.list(query);
    sendContentRange(reply, 'sequences', res);
    return res.rows;
  }

  @Get(':id')
  get(@Param('id', ParseIdPipe) id: number): Promise<AdminSequence> {
    return this.sequences.get(id);
  }

  @Post()
  create(@Body() dto: SequenceDto, @CurrentUser() actor: User): Promise<AdminSequence> {
    return this.sequences.create(dto, actor);
  }

  @Put(':id')
  put(@Param('id', ParseIdPipe) id: number, @Body() dto: UpdateSequenceDto, @CurrentUser() actor: User): Promise<AdminSequence> {
    return this.sequences.update(id, dto, actor);
  }

  @Patch(':id')
  patch(
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: UpdateSequenceDto,
    @CurrentUser() actor: User,
  ): Promise<AdminSequence> {
    return this.sequences.update(id, dto, actor);
  }
}
