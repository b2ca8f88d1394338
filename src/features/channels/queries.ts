import { useLiveQuery } from 'dexie-react-hooks';
import type { AutoReplyRow, Channel, ChannelHealth, RoutingRule, Team } from '../../protocol';
import { useStore } from '../../store/hooks';

/** The channel pages' shared data: every channel and team of the organization, live. */
export type ChannelsData = { channels: Channel[]; teams: Team[]; health: ChannelHealth[] };

export function useChannelsData(): ChannelsData | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const [channels, teams, health] = await Promise.all([
      db.channels.toArray(),
      db.teams.toArray(),
      db.channelHealth.toArray(),
    ]);
    return { channels, teams, health };
  }, [db]);
}

/**
 * One channel with its routing rules and auto-replies; `channel` null when it is not here. Every
 * channel of the organization too: a site chat's "channels shown" picks among them.
 */
export type ChannelSettings = {
  channel: Channel | null;
  channels: Channel[];
  rules: RoutingRule[];
  autoReplies: AutoReplyRow[];
  teams: Team[];
  /** The organization's chat bots, by name, for a rule's chat-bot action. */
  bots: { id: string; name: string }[];
  health: ChannelHealth | undefined;
};

export function useChannelSettings(channelId: string): ChannelSettings | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const [channel, channels, rules, autoReplies, teams, bots, health] = await Promise.all([
      db.channels.get(channelId),
      db.channels.toArray(),
      db.routingRules.where('channelId').equals(channelId).toArray(),
      db.autoReplies.where('channelId').equals(channelId).toArray(),
      db.teams.toArray(),
      db.chatbots.orderBy('name').toArray(),
      db.channelHealth.get(channelId),
    ]);
    return {
      channel: channel ?? null,
      channels,
      rules,
      autoReplies,
      teams,
      bots: bots.map((bot) => ({ id: bot.id, name: bot.name })),
      health,
    };
  }, [db, channelId]);
}
