import type { DiscordConfig } from './platform/config/discord.config';
import type { MuxConfig } from './platform/config/mux.config';

// Each library is loaded through jest's module system here, the lazy loaders' requires as well: the
// factory refuses while the modules that use it are imported, and gives the real library after. So
// importing them passes only while nothing loads a client at start (each costs 5–25 MB resident).
let mockImporting = true;
const mockLibrary = (name: string) => {
  if (mockImporting) throw new Error(`${name} was loaded when a module was imported`);
  return jest.requireActual<object>(name);
};
jest.mock('@aws-sdk/client-s3', () => mockLibrary('@aws-sdk/client-s3'));
jest.mock('@discordjs/rest', () => mockLibrary('@discordjs/rest'));
jest.mock('discord-api-types/v10', () => mockLibrary('discord-api-types/v10'));
jest.mock('@mux/mux-node', () => mockLibrary('@mux/mux-node'));

/** The modules, imported while the libraries refuse; then the libraries are let through. */
async function importWhileRefused<T>(load: () => Promise<T>): Promise<T> {
  mockImporting = true;
  try {
    return await load();
  } finally {
    mockImporting = false;
  }
}

describe('the clients of services an instance may not be set up for', () => {
  it('S3 (off-site backups): loaded with the first client, not with the backup or the doctor module', async () => {
    const backup = await importWhileRefused(async () => {
      await import('./doctor/backup.checks');
      return import('./platform/backup/backup');
    });
    expect(backup.s3Sdk.peek()).toBeNull();
    const client = backup.s3Client({
      bucket: 'akademi-backup',
      endpoint: 'http://127.0.0.1:9',
      region: 'eu-north-1',
      accessKeyId: 'AKIAARKIVTEST',
      secretAccessKey: 'hemmelig',
      prefix: '',
    });
    expect(client).toBeInstanceOf(backup.s3Sdk().S3Client);
    client.destroy();
  });

  it('Discord: loaded with the first client; failures of other kinds are told apart without loading it', async () => {
    const discord = await importWhileRefused(() => import('./community/discord/discord-client'));
    expect(discord.describeFailure(new Error('tidsavbrudd'))).toBe('tidsavbrudd');
    expect(discord.isRefusal(new Error('nei'))).toBe(false);
    const cfg = { clientId: '1', clientSecret: 's', botToken: 't', guildId: '2', roles: {}, apiBase: 'http://127.0.0.1:9/api' };
    const client = new discord.DiscordClient(cfg as unknown as DiscordConfig);
    expect(client.authorizeUrl('http://127.0.0.1:3000/cb', 'state')).toContain('/oauth2/authorize?');
  });

  it('Mux: no client and nothing loaded when Mux is not set up; the SDK when it is', async () => {
    const { createMuxClient } = await importWhileRefused(() => import('./catalog/video/mux.provider'));
    expect(createMuxClient({ mux: null })).toBeNull();
    const mux = { tokenId: 'id', tokenSecret: 'secret', webhookSecret: 'wh', apiBase: null } as unknown as MuxConfig;
    const client = createMuxClient({ mux });
    expect(client?.video).toBeDefined();
  });
});
