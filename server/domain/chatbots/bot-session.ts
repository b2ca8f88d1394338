import { and, eq, isNull } from 'drizzle-orm';
import type { BotScenario } from '../../../src/protocol';
import { chatBotSessions, chatbots, chatbotVersions } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';

export type BotSession = typeof chatBotSessions.$inferSelect;

/** The published version a bot gives chats: what it says and its scenario. */
export type RunningVersion = {
  chatbotId: string;
  version: number;
  defaultMessage: string;
  scenario: BotScenario;
};

/** The version a bot of this organization gives new chats now; null when it is not published. */
export async function publishedVersion(
  scope: CommandScope,
  chatbotId: string,
): Promise<RunningVersion | null> {
  const [bot] = await scope.tx
    .select({ published: chatbots.publishedVersion })
    .from(chatbots)
    .where(and(eq(chatbots.id, chatbotId), eq(chatbots.orgId, scope.orgId)));
  if (!bot || bot.published === null) return null;
  return versionOf(scope, chatbotId, bot.published);
}

/** A published version, kept for good: a chat finishes on the version it started with. */
export async function versionOf(
  scope: CommandScope,
  chatbotId: string,
  version: number,
): Promise<RunningVersion | null> {
  const [row] = await scope.tx
    .select({ defaultMessage: chatbotVersions.defaultMessage, scenario: chatbotVersions.scenario })
    .from(chatbotVersions)
    .where(
      and(
        eq(chatbotVersions.id, `${chatbotId}:${version}`),
        eq(chatbotVersions.orgId, scope.orgId),
      ),
    );
  return row ? { chatbotId, version, ...row } : null;
}

/** The chat's conversation with its bot, locked (the chat is locked by the caller too). */
export async function openBotSession(
  scope: CommandScope,
  chatId: string,
): Promise<BotSession | null> {
  const [row] = await scope.tx
    .select()
    .from(chatBotSessions)
    .where(and(eq(chatBotSessions.chatId, chatId), isNull(chatBotSessions.endedAt)))
    .for('update');
  return row ?? null;
}

/** Ends the chat's conversation with a bot, if one is going on. */
export async function endBotSession(scope: CommandScope, chatId: string): Promise<void> {
  await scope.tx
    .update(chatBotSessions)
    .set({ endedAt: scope.now })
    .where(and(eq(chatBotSessions.chatId, chatId), isNull(chatBotSessions.endedAt)));
}
