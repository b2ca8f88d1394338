import {
  CHANNEL_PAGE_TYPES,
  type Channel,
  type ChannelHealth,
  type ChannelType,
  type Team,
} from '../../protocol';

/** Channel types an administrator connects here (spec §2); support is made by the platform. */
export const CONNECTABLE_TYPES = CHANNEL_PAGE_TYPES;
export type ConnectableType = (typeof CONNECTABLE_TYPES)[number];

/** Every type with channel pages: the connectable ones and support (edit only). */
export const PAGE_TYPES = [...CONNECTABLE_TYPES, 'support'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export const isPageType = (type: string): type is PageType =>
  (PAGE_TYPES as readonly string[]).includes(type);

/** A connected channel as the list shows it: its team's name beside it. */
export type ChannelRow = Channel & {
  teamName: string | null;
  health: ReturnType<typeof healthState>;
};

/**
 * The connected channels, by name (case-insensitive, then id so equal names keep one order),
 * optionally of one type. A channel whose team is not in the local store shows no team name.
 */
export function connectedRows(
  channels: readonly Channel[],
  teams: readonly Team[],
  health: readonly ChannelHealth[],
  type?: ChannelType,
): ChannelRow[] {
  const teamNames = new Map(teams.map((team) => [team.id, team.name]));
  const healthOf = new Map(health.map((row) => [row.id, row]));
  return channels
    .filter((channel) => type === undefined || channel.type === type)
    .map((channel) => ({
      ...channel,
      teamName: channel.teamId ? (teamNames.get(channel.teamId) ?? null) : null,
      health: healthState(healthOf.get(channel.id)),
    }))
    .sort(
      (a, b) =>
        a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) ||
        a.id.localeCompare(b.id),
    );
}

/** How many channels of each type are connected: the "available" list says which are in use. */
export function connectedCounts(channels: readonly Channel[]): Map<ChannelType, number> {
  const counts = new Map<ChannelType, number>();
  for (const channel of channels) counts.set(channel.type, (counts.get(channel.type) ?? 0) + 1);
  return counts;
}

/** Whether a channel's pages are here: a type the spec gives pages to (§2). */
export const hasPages = (channel: Pick<Channel, 'type'>): boolean => isPageType(channel.type);

/**
 * A channel's health in one word: no row yet is unknown (a channel made before health rows); a
 * channel whose credentials lapsed says so above all, since only an administrator can mend it.
 */
export const healthState = (
  health: Pick<ChannelHealth, 'connected' | 'lastError' | 'reauthorizationRequired'> | undefined,
): 'connected' | 'failing' | 'disconnected' | 'reauthorize' | 'unknown' => {
  if (!health) return 'unknown';
  if (health.reauthorizationRequired) return 'reauthorize';
  if (health.connected) return health.lastError ? 'failing' : 'connected';
  return 'disconnected';
};
