import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { MSG, type AdminDiscordView } from '@academy/contracts';
import { AdminDiscordService } from '../../community/discord/admin-discord.service';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { UserReader } from '../../identity/user-reader.service';
import { notFound } from '../../platform/errors/app-error';
import { parseId } from '../../platform/http/parse-id.pipe';

/** A student's Discord on the student page: the link, the roles wanted and held, and "synkroniser nå" (audited). */
@Controller('api/admin/users/:id/discord')
@AdminOnly()
export class AdminDiscordController {
  constructor(
    private readonly discord: AdminDiscordService,
    private readonly users: UserReader,
  ) {}

  private async userId(raw: string): Promise<number> {
    const id = parseId(raw, MSG.studentNotFound);
    if (!(await this.users.findById(id))) throw notFound(MSG.studentNotFound);
    return id;
  }

  @Get()
  async get(@Param('id') id: string): Promise<AdminDiscordView> {
    return this.discord.adminView(await this.userId(id));
  }

  @Post('sync')
  @HttpCode(200)
  async sync(@Param('id') id: string, @CurrentUser() actor: User): Promise<AdminDiscordView> {
    return this.discord.syncNow(await this.userId(id), actor);
  }
}
