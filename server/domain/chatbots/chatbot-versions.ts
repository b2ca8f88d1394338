import { and, eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { chatbots, chatbotVersions } from '../../db/schema';
import { requireOption } from '../core/require-option';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireRight } from '../core/require-viewer';
import { chatbotPut, chatbotVersionPut, lockChatbot, requireValidScenario } from './chatbot-rows';

/**
 * Publishes the draft of the version the administrator saw (CHATBOT_VERSION_CONFLICT when the
 * draft has moved on since): kept as a version of its own for good, and from now on the one chats
 * routed to the bot are given. A chat the bot is already talking to finishes on its own version.
 */
export async function chatbotPublish(
  scope: CommandScope,
  payload: CommandPayload<'chatbot.publish'>,
): Promise<void> {
  const viewer = requireRight(scope, 'AUTHORITY_SERVICE_ACCOUNT');
  await requireOption(scope, 'OPTION_CHAT_BOT');
  const bot = await lockChatbot(scope, payload.chatbotId);
  if (!bot) fail('CHATBOT_NOT_FOUND');
  if (payload.version !== bot.version) fail('CHATBOT_VERSION_CONFLICT', { version: bot.version });
  // The rules again: a rule may have given the bot a channel with stricter limits since the save.
  await requireValidScenario(scope, bot.id, bot);
  const id = `${bot.id}:${String(bot.version)}`;
  const [kept] = await scope.tx
    .insert(chatbotVersions)
    .values({
      id,
      chatbotId: bot.id,
      orgId: scope.orgId,
      version: bot.version,
      name: bot.name,
      defaultMessage: bot.defaultMessage,
      scenario: bot.scenario,
      publishedAt: scope.now,
      publishedBy: viewer.id,
    })
    .onConflictDoNothing()
    .returning();
  const [row] = await scope.tx
    .update(chatbots)
    .set({ publishedVersion: bot.version, updatedAt: scope.now })
    .where(eq(chatbots.id, bot.id))
    .returning();
  if (!row) fail('UNKNOWN_ERROR');
  scope.emit('chatbot.published', { chatbotId: bot.id, version: bot.version }, [
    chatbotPut(row),
    ...(kept ? [chatbotVersionPut(kept)] : []),
  ]);
}

/**
 * Makes a published version the draft again, as a new version (the draft it replaces was seen:
 * `baseVersion`); it reaches chats once published.
 */
export async function chatbotRestore(
  scope: CommandScope,
  payload: CommandPayload<'chatbot.restore'>,
): Promise<void> {
  requireRight(scope, 'AUTHORITY_SERVICE_ACCOUNT');
  await requireOption(scope, 'OPTION_CHAT_BOT');
  const bot = await lockChatbot(scope, payload.chatbotId);
  if (!bot) fail('CHATBOT_NOT_FOUND');
  if (payload.baseVersion !== bot.version)
    fail('CHATBOT_VERSION_CONFLICT', { version: bot.version });
  const [earlier] = await scope.tx
    .select()
    .from(chatbotVersions)
    .where(
      and(
        eq(chatbotVersions.chatbotId, bot.id),
        eq(chatbotVersions.version, payload.publishedVersion),
      ),
    );
  if (!earlier) fail('CHATBOT_NOT_FOUND', { field: 'publishedVersion' });
  const [row] = await scope.tx
    .update(chatbots)
    .set({
      defaultMessage: earlier.defaultMessage,
      scenario: earlier.scenario,
      version: bot.version + 1,
      updatedAt: scope.now,
    })
    .where(eq(chatbots.id, bot.id))
    .returning();
  if (!row) fail('UNKNOWN_ERROR');
  scope.emit(
    'chatbot.restored',
    { chatbotId: bot.id, version: row.version, from: earlier.version },
    [chatbotPut(row)],
  );
}
