import { Controller, Delete, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DISCORD_MSG, type DiscordStatus } from '@academy/contracts';
import type { AuthContext } from '../../identity/auth.types';
import { CurrentAuth, SignedIn } from '../../identity/current-user.decorator';
import { DiscordService } from './discord.service';

const SETTINGS = '/account/settings';

/** "Koble til Discord" in the account settings: the OAuth2 flow, and unlinking. 404 when the site has no Discord. */
@Controller('api/account/discord')
@SignedIn()
export class DiscordController {
  constructor(private readonly discord: DiscordService) {}

  /** 302 to Discord's consent page (`identify guilds.join`) with a state bound to this session. */
  @Get('connect')
  async connect(@CurrentAuth() auth: AuthContext, @Res() reply: FastifyReply): Promise<void> {
    const url = await this.discord.connectUrl(auth.user.id, auth.sessionHash);
    void reply.status(302).header('location', url).header('cache-control', 'no-store').send();
  }

  /** Discord sends the browser back here; it goes on to the settings with `?discord=linked` or why not. */
  @Get('callback')
  async callback(
    @CurrentAuth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const result = await this.discord.callback(auth.user.id, auth.sessionHash, query);
    void reply.status(302).header('location', `${SETTINGS}?discord=${result}`).header('cache-control', 'no-store').send();
  }

  /** Unlinks: every role managed here is taken from the Discord account. */
  @Delete()
  async unlink(@CurrentAuth() auth: AuthContext): Promise<DiscordStatus & { message: string }> {
    await this.discord.unlink(auth.user.id);
    return { ...(await this.discord.statusOf(auth.user.id)), message: DISCORD_MSG.unlinked };
  }
}
