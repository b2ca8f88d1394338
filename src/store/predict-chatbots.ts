import * as v from 'valibot';
import { BotScenarioSchema, type Chatbot, type SyncTable } from '../protocol';
import type { AnyRow, OutboxRow, SyncRows } from './tables';

type Pending = Pick<OutboxRow, 'type' | 'payload' | 'createdAt'>;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const int = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

/** The bot row each chat-bot command changes (docs/chatbots.md). */
export function chatbotKeys(command: Pick<Pending, 'type' | 'payload'>): {
  table: SyncTable;
  key: string;
}[] {
  switch (command.type) {
    case 'chatbot.save':
    case 'chatbot.publish':
    case 'chatbot.restore':
    case 'chatbot.delete':
      return [{ table: 'chatbots', key: str(command.payload.chatbotId) }];
    default:
      return [];
  }
}

/**
 * A chat-bot command's predicted effect, so the editor and the list answer at once: the draft as
 * saved (one version more than the one it was based on), the version published, the bot gone on
 * delete. A restore's scenario comes from the server, which holds the published versions' rows.
 * A save the server refuses as stale is undone by its refusal; the editor's own draft stays.
 */
export function predictChatbotRow(command: Pending, row: AnyRow | undefined): AnyRow | undefined {
  const p = command.payload;
  const bot = row as SyncRows['chatbots'] | undefined;
  switch (command.type) {
    case 'chatbot.save': {
      const scenario = v.safeParse(BotScenarioSchema, p.scenario);
      if (!scenario.success) return row;
      const saved: Chatbot = {
        id: str(p.chatbotId),
        name: str(p.name).trim(),
        description: str(p.description).trim(),
        defaultMessage: str(p.defaultMessage),
        scenario: scenario.output,
        version: (int(p.baseVersion) ?? 0) + 1,
        publishedVersion: bot?.publishedVersion ?? null,
        createdAt: bot?.createdAt ?? command.createdAt,
        updatedAt: command.createdAt,
      };
      return saved;
    }
    case 'chatbot.publish':
      return bot && bot.version === int(p.version)
        ? { ...bot, publishedVersion: bot.version }
        : bot;
    case 'chatbot.delete':
      return undefined;
    default:
      return row;
  }
}
