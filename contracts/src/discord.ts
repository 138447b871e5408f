/**
 * The private Discord (issue 26): a member links the Discord account in the account settings, and the
 * server's roles follow access (a course, VIP, a mentorship period).
 */

/** The account's Discord as `GET /api/auth/me` shows it. */
export interface DiscordStatus {
  /** The site has Discord set up (without it the settings show the community's invite link). */
  enabled: boolean;
  linked: boolean;
  /** The Discord username of the linked account. */
  username: string | null;
}

/** `?discord=` on the settings page after the callback: linked, or why not. */
export const DISCORD_RESULTS = ['linked', 'state', 'denied', 'taken', 'failed', 'busy'] as const;
export type DiscordResult = (typeof DISCORD_RESULTS)[number];

export const DISCORD_MSG = {
  off: 'Discord er ikke satt opp på denne siden',
  notLinked: 'Kontoen er ikke koblet til Discord',
  unlinked: 'Discord er koblet fra, og rollene er fjernet',
  synced: 'Rollene i Discord er synkronisert',
  results: {
    linked: 'Discord er koblet til kontoen, og rollene dine er på vei',
    state: 'Koblingen til Discord kunne ikke bekreftes (lenken var utløpt eller ikke din). Prøv igjen.',
    denied: 'Du avbrøt koblingen i Discord',
    taken: 'Denne Discord-kontoen er allerede koblet til en annen konto her',
    failed: 'Discord svarte ikke som ventet. Prøv igjen om litt.',
    busy: 'Du har startet koblingen til Discord mange ganger på kort tid. Vent noen minutter, og prøv igjen.',
  } satisfies Record<DiscordResult, string>,
  notMember: 'Ikke lenger medlem av Discord-serveren',
} as const;

/** One role of a student as the admin panel shows it. */
export interface AdminDiscordRole {
  /** The product (a catalogue id) or `mentorship`. */
  key: string;
  roleId: string;
  /** The student should have it now. */
  wanted: boolean;
  /** The student had it at the last comparison with Discord (null: never compared). */
  held: boolean | null;
}

/** GET /api/admin/users/:id/discord and POST …/discord/sync. */
export interface AdminDiscordView {
  enabled: boolean;
  linked: boolean;
  discordUserId: string | null;
  username: string | null;
  linkedAt: string | null;
  /** The last comparison with Discord (the periodic reconciliation or "synkroniser nå"). */
  syncedAt: string | null;
  syncError: string | null;
  roles: AdminDiscordRole[];
  /** Role changes written but not yet carried out at Discord. */
  pendingChanges: number;
}

/**
 * discord.com (or discord.gg) with no path: a front page, not an invitation to any server. The
 * default COMMUNITY_URL is such a page; a link to it is hidden rather than shown as "the community".
 */
export function isDiscordFrontPage(url: string): boolean {
  // Scheme, optional www., discord.com or discord.gg, then at most a slash: no server, no invitation.
  return !/^https?:\/\//i.test(url.trim()) || /^https?:\/\/(www\.)?discord\.(com|gg)(:\d+)?\/?(#.*)?$/i.test(url.trim());
}
