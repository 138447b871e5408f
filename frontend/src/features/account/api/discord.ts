import type { DiscordStatus, MeResponse } from '@academy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { setSession } from '../../../lib/session';

/** Where "Koble til Discord" goes: the server answers 302 to Discord's consent page. */
export const DISCORD_CONNECT_PATH = '/api/account/discord/connect';

/** DELETE /api/account/discord: unlinks, and the roles are taken; the session's `me` follows. */
export function useUnlinkDiscord(me: MeResponse) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<DiscordStatus & { message: string }>('/api/account/discord', { method: 'DELETE' }),
    onSuccess: ({ enabled, linked, username }) => setSession(qc, { ...me, discord: { enabled, linked, username } }),
  });
}
