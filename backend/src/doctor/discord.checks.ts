import { ROLE_PREFIX } from '../platform/config/discord.config';
import { call, callFailed, check, last4, ProviderAnswer, type Check, type DoctorContext } from './check';

/** Discord's permission bits (discord.com/developers/docs/topics/permissions). */
const ADMINISTRATOR = 1n << 3n;
const MANAGE_ROLES = 1n << 28n;

interface Role {
  id: string;
  name: string;
  position: number;
  permissions: string;
}

/**
 * Discord (docs/decisions.md "Going live"): the bot's token is valid (GET /users/@me); the bot is in the
 * guild (GET /guilds/{guild}/members/{bot}) with Manage Roles; every configured role sits below the bot's
 * highest role (GET /guilds/{guild}/roles), or Discord refuses to give it without saying so to the member.
 */
export async function discordChecks(ctx: DoctorContext): Promise<Check[]> {
  const d = ctx.cfg.discord;
  if (!d)
    return [
      check(
        'discord',
        'bot',
        'off',
        'Discord er ikke satt opp: sett DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, DISCORD_BOT_TOKEN og DISCORD_GUILD_ID.',
      ),
    ];
  const api = `${d.apiBase}/v10`;
  const get = (path: string) => call(ctx, 'Discord', `${api}${path}`, { headers: { authorization: `Bot ${d.botToken}` } });
  try {
    const me = await get('/users/@me');
    const botId = (me.body as { id?: string } | null)?.id;
    if (me.status !== 200 || !botId)
      return [
        check(
          'discord',
          'bot',
          'error',
          `Discord avviste DISCORD_BOT_TOKEN (${last4(d.botToken)}): lag en ny bot-token i Discord Developer Portal og lim den inn.`,
        ),
      ];
    const out = [check('discord', 'bot', 'ok', `Bot-tokenen (${last4(d.botToken)}) er gyldig.`)];
    const member = await get(`/guilds/${d.guildId}/members/${botId}`);
    if (member.status !== 200)
      return [
        ...out,
        check(
          'discord',
          'guild',
          'error',
          `Boten er ikke med på serveren ${d.guildId} (DISCORD_GUILD_ID): inviter den med rettigheten «Administrer roller».`,
        ),
      ];
    const roles = await get(`/guilds/${d.guildId}/roles`);
    if (roles.status !== 200 || !Array.isArray(roles.body)) throw new ProviderAnswer(roles.status);
    const all = roles.body as Role[];
    const botRoles = new Set((member.body as { roles?: string[] }).roles ?? []);
    // @everyone has the guild's id and applies to every member.
    const held = all.filter((r) => botRoles.has(r.id) || r.id === d.guildId);
    const perms = held.reduce((p, r) => p | BigInt(r.permissions || '0'), 0n);
    if ((perms & (MANAGE_ROLES | ADMINISTRATOR)) === 0n)
      out.push(
        check(
          'discord',
          'guild',
          'error',
          'Boten mangler rettigheten «Administrer roller» på serveren: gi bot-rollen den under Serverinnstillinger → Roller.',
        ),
      );
    else out.push(check('discord', 'guild', 'ok', 'Boten er med på serveren og kan administrere roller.'));
    out.push(rolesCheck(d.roles, all, held, d.guildId));
    return out;
  } catch (e) {
    return [callFailed('discord', 'Discord', 'DISCORD_API_BASE', e)];
  }
}

function rolesCheck(configured: Record<string, string>, all: Role[], held: Role[], guildId: string): Check {
  const names = Object.entries(configured);
  if (!names.length)
    return check('discord', 'roles', 'off', 'Ingen roller er satt opp (DISCORD_ROLE_*): medlemmene får ingen roller.');
  const top = Math.max(0, ...held.filter((r) => r.id !== guildId).map((r) => r.position));
  const problems: string[] = [];
  for (const [product, id] of names) {
    const env = `${ROLE_PREFIX}${product.toUpperCase()}`;
    const role = all.find((r) => r.id === id);
    if (!role) problems.push(`${env} (${id}) finnes ikke på serveren`);
    else if (role.position >= top) problems.push(`${env} («${role.name}») står over eller likt med botens høyeste rolle`);
  }
  if (problems.length)
    return check(
      'discord',
      'roles',
      'error',
      `${problems.join('; ')}: dra bot-rollen over rollene den skal dele ut under Serverinnstillinger → Roller, og rett opp id-ene.`,
    );
  return check('discord', 'roles', 'ok', `Alle ${names.length} rollene står under botens høyeste rolle.`);
}
