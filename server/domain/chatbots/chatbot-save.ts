import { and, eq, ne, sql } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { chatbots } from '../../db/schema';
import { requireOption } from '../core/require-option';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireRight } from '../core/require-viewer';
import { chatbotPut, lockChatbot, requireValidScenario } from './chatbot-rows';

/**
 * Writes a bot's draft (a new bot when `baseVersion` is null): its name free in the organization
 * whatever the case (CHATBOT_NAME_EXISTS), its scenario within the rules, and based on the
 * version the server holds — a save made from an older one is refused (CHATBOT_VERSION_CONFLICT,
 * with the current version), never overwriting someone's work unseen. Each save is a new version.
 */
export async function chatbotSave(
  scope: CommandScope,
  payload: CommandPayload<'chatbot.save'>,
): Promise<void> {
  requireRight(scope, 'AUTHORITY_SERVICE_ACCOUNT');
  await requireOption(scope, 'OPTION_CHAT_BOT');
  const current = await lockChatbot(scope, payload.chatbotId);
  if (!current && payload.baseVersion !== null) fail('CHATBOT_NOT_FOUND');
  if (current && payload.baseVersion !== current.version)
    fail('CHATBOT_VERSION_CONFLICT', { version: current.version });
  const [taken] = await scope.tx
    .select({ id: chatbots.id })
    .from(chatbots)
    .where(
      and(
        eq(chatbots.orgId, scope.orgId),
        sql`lower(${chatbots.name}) = lower(${payload.name})`,
        ne(chatbots.id, payload.chatbotId),
      ),
    );
  if (taken) fail('CHATBOT_NAME_EXISTS', { name: payload.name, field: 'name' });
  await requireValidScenario(scope, payload.chatbotId, payload);
  const values = {
    name: payload.name,
    description: payload.description,
    defaultMessage: payload.defaultMessage,
    scenario: payload.scenario,
    version: (current?.version ?? 0) + 1,
    updatedAt: scope.now,
  };
  const [row] = current
    ? await scope.tx.update(chatbots).set(values).where(eq(chatbots.id, current.id)).returning()
    : await scope.tx
        .insert(chatbots)
        .values({ ...values, id: payload.chatbotId, orgId: scope.orgId, createdAt: scope.now })
        .returning();
  if (!row) fail('UNKNOWN_ERROR');
  scope.emit('chatbot.saved', { chatbotId: row.id, version: row.version }, [chatbotPut(row)]);
}
