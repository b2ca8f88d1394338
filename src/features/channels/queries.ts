import { useLiveQuery } from 'dexie-react-hooks';
import type { AutoReplyRow, Channel, RoutingRule, Team } from '../../protocol';
import { useStore } from '../../store/hooks';

/** The channel pages' shared data: every channel and team of the organization, live. */
export type ChannelsData = { channels: Channel[]; teams: Team[] };

export function useChannelsData(): ChannelsData | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const [channels, teams] = await Promise.all([db.channels.toArray(), db.teams.toArray()]);
    return { channels, teams };
  }, [db]);
}

/** One channel with its routing rules and auto-replies; `channel` null when it is not here. */
export type ChannelSettings = {
  channel: Channel | null;
  rules: RoutingRule[];
  autoReplies: AutoReplyRow[];
  teams: Team[];
};

export function useChannelSettings(channelId: string): ChannelSettings | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const [channel, rules, autoReplies, teams] = await Promise.all([
      db.channels.get(channelId),
      db.routingRules.where('channelId').equals(channelId).toArray(),
      db.autoReplies.where('channelId').equals(channelId).toArray(),
      db.teams.toArray(),
    ]);
    return { channel: channel ?? null, rules, autoReplies, teams };
  }, [db, channelId]);
}
