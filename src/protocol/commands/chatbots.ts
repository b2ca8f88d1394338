import * as v from 'valibot';
import { BotScenarioSchema, SCENARIO_MAX_NODES } from '../entities/chatbot';
import { IdSchema } from '../ids';
import { SafeText } from '../text';
import { commandArea } from './command-area';

/**
 * Chat bots (`/admin/preferences/chat-bots`; docs/chatbots.md). A save writes the draft: checked by
 * the scenario rules (chatbot-scenario.ts) and refused when based on an older version than the
 * server's (`baseVersion`; null for a new bot), so no one's work is overwritten unseen. Chats get
 * a bot only once it is published; every published version is kept and can be restored.
 */
export const ChatbotSavePayload = v.object({
  chatbotId: IdSchema,
  name: v.pipe(
    v.string(),
    v.trim(),
    SafeText,
    v.minLength(1, 'VALIDATION_FAILED'),
    v.maxLength(200),
  ),
  description: v.pipe(v.string(), v.trim(), SafeText, v.maxLength(2000)),
  defaultMessage: v.pipe(v.string(), SafeText, v.maxLength(4096)),
  scenario: v.object({
    nodes: v.pipe(BotScenarioSchema.entries.nodes, v.maxLength(SCENARIO_MAX_NODES)),
  }),
  baseVersion: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

/** Publishes the draft of that version: chats routed to the bot from now on get it. */
export const ChatbotPublishPayload = v.object({
  chatbotId: IdSchema,
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

/** Makes an earlier published version the draft again (a new version, to publish). */
export const ChatbotRestorePayload = v.object({
  chatbotId: IdSchema,
  publishedVersion: v.pipe(v.number(), v.integer(), v.minValue(1)),
  baseVersion: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

/** Deletes a bot no routing rule uses (RULES_USE_CHATBOT). */
export const ChatbotDeletePayload = v.object({ chatbotId: IdSchema });

export const CHATBOT_COMMANDS = commandArea(
  {
    'chatbot.save': ChatbotSavePayload,
    'chatbot.publish': ChatbotPublishPayload,
    'chatbot.restore': ChatbotRestorePayload,
    'chatbot.delete': ChatbotDeletePayload,
  },
  ['chatbot.save', 'chatbot.publish', 'chatbot.restore', 'chatbot.delete'],
);
