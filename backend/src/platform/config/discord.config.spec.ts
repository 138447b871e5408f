import { configProblems } from './testing/config-problems';
import { parseEnv } from './env.schema';

const CORE = {
  DISCORD_CLIENT_ID: '111111111111111111',
  DISCORD_CLIENT_SECRET: 'hemmelig',
  DISCORD_BOT_TOKEN: 'bot-token',
  DISCORD_GUILD_ID: '222222222222222222',
};
const problems = configProblems;

describe('DISCORD_* settings', () => {
  it('none: the feature is off (the invite link shows)', () => {
    expect(parseEnv({}).discord).toBeNull();
  });

  it('all four core keys: on, with the role per product and the API base', () => {
    const cfg = parseEnv({
      ...CORE,
      DISCORD_ROLE_FOUNDATION: '300000000000000001',
      DISCORD_ROLE_MENTORSHIP: '300000000000000004',
      DISCORD_API_BASE: 'http://127.0.0.1:9999/api/',
    }).discord!;
    expect(cfg).toMatchObject({
      clientId: CORE.DISCORD_CLIENT_ID,
      guildId: CORE.DISCORD_GUILD_ID,
      roles: { foundation: '300000000000000001', mentorship: '300000000000000004' },
      apiBase: 'http://127.0.0.1:9999/api',
    });
    expect(parseEnv(CORE).discord!.apiBase).toBe('https://discord.com/api');
  });

  it('a partial set names what is missing; roles without the core keys, unknown products and bad ids are refused', () => {
    const { DISCORD_BOT_TOKEN: _b, ...three } = CORE;
    expect(problems(three)).toEqual([
      'DISCORD_BOT_TOKEN: påkrevd når DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, DISCORD_GUILD_ID er satt (alle fire eller ingen)',
    ]);
    expect(problems({ DISCORD_ROLE_VIP: '300000000000000003' })).toEqual([
      'DISCORD_ROLE_VIP: brukes bare når DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, DISCORD_BOT_TOKEN, DISCORD_GUILD_ID er satt',
    ]);
    expect(problems({ ...CORE, DISCORD_ROLE_GULL: '300000000000000003' })[0]).toMatch(/^DISCORD_ROLE_GULL: ukjent produkt/);
    expect(problems({ ...CORE, DISCORD_ROLE_VIP: 'vip-rollen' })).toEqual(['DISCORD_ROLE_VIP: rollens id (17–20 sifre)']);
    expect(problems({ ...CORE, DISCORD_GUILD_ID: 'min-server' })).toEqual(['DISCORD_GUILD_ID: serverens id (17–20 sifre)']);
  });
});
