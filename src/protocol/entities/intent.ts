import * as v from 'valibot';

/**
 * What a customer's message is about (spec §3), shared by routing rules and chat-bot nodes.
 * The server detects them from the text; see server/domain/distribution/intents.ts.
 */
export const INTENTS = [
  'GREETING',
  'GOODBYE',
  'HELP',
  'BOT_CONFUSED',
  'ESCALATE_TO_AGENT',
] as const;
export const IntentSchema = v.picklist(INTENTS);
export type Intent = v.InferOutput<typeof IntentSchema>;
