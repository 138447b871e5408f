import { Controller, Delete, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DISCORD_MSG, type DiscordStatus } from '@academy/contracts';
import type { AuthContext } from '../../identity/auth.types';
import { CurrentAuth, SignedIn } from '../../identity/current-user.decorator';
import { RouteLimits } from '../../platform/security/route-policy';
import { DiscordLinkingService } from './discord-linking.service';

const SETTINGS = '/account/settings';
/** "Koble til Discord" per account: at most this many starts in the window (a state lives as long as the window). */
export const DISCORD_CONNECTS_PER_WINDOW = 10;
export const DISCORD_CONNECT_WINDOW_MS = 10 * 60_000;

/** "Koble til Discord" in the account settings: the OAuth2 flow, and unlinking. 404 when the site has no Discord. */
@Controller('api/account/discord')
@SignedIn()
export class DiscordController {
  constructor(private readonly discord: DiscordLinkingService) {}

  /**
   * 302 to Discord's consent page (`identify guilds.join`) with a state bound to this session; the
   * account's earlier states are gone from then on. Limited per account (counted exactly, across
   * instances): over the limit the browser goes back to the settings with `?discord=busy` and Retry-After.
   */
  @Get('connect')
  @RouteLimits({
    name: 'discord-connect',
    key: 'account',
    rate: { hits: DISCORD_CONNECTS_PER_WINDOW, windowMs: DISCORD_CONNECT_WINDOW_MS },
    exact: true,
    redirect: `${SETTINGS}?discord=busy`,
  })
  async connect(@CurrentAuth() auth: AuthContext, @Res() reply: FastifyReply): Promise<void> {
    this.discord.requireEnabled();
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
