import { useLiveQuery } from 'dexie-react-hooks';
import type { Chatbot, ChatbotVersion, Team, User } from '../../protocol';
import { useStore } from '../../store/hooks';

/** The organization's chat bots by name, live from the local store; undefined while it reads. */
export function useChatbots(): Chatbot[] | undefined {
  const db = useStore();
  return useLiveQuery(() => db.chatbots.orderBy('name').toArray(), [db]);
}

/** What the editor reads of the store for one bot. */
export type ChatbotEditorData = {
  /** The bot as the store holds it; undefined before its first save (or once deleted). */
  bot: Chatbot | undefined;
  /** Its published versions, newest first. */
  versions: ChatbotVersion[];
  /** Whom a final action may transfer to. */
  operators: User[];
  teams: Team[];
  /**
   * The types of the channels whose routing rules give chats to the bot: their button limits
   * hold for its scenario (docs/chatbots.md), as the server checks them on save.
   */
  channelTypes: string[];
};

export function useChatbotEditorData(botId: string): ChatbotEditorData | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const [bot, versions, users, teams, rules, channels] = await Promise.all([
      db.chatbots.get(botId),
      db.chatbotVersions.where('chatbotId').equals(botId).toArray(),
      db.users.toArray(),
      db.teams.toArray(),
      db.routingRules.toArray(),
      db.channels.toArray(),
    ]);
    const channelIds = new Set(
      rules
        .filter((rule) => rule.action.kind === 'chat_bot' && rule.action.botId === botId)
        .map((rule) => rule.channelId),
    );
    return {
      bot,
      versions: versions.sort((a, b) => b.version - a.version),
      operators: users.filter((user) => user.active).sort((a, b) => a.name.localeCompare(b.name)),
      teams: teams.sort((a, b) => a.name.localeCompare(b.name)),
      channelTypes: [
        ...new Set(
          channels.filter((channel) => channelIds.has(channel.id)).map((channel) => channel.type),
        ),
      ],
    };
  }, [db, botId]);
}
