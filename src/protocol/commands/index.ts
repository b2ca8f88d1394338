import * as v from 'valibot';
import { IdSchema } from '../ids';
import { ParsedLater } from '../text';
import { combineCommandAreas } from './command-area';
import { CHAT_COMMANDS } from './chats';
import { MESSAGE_COMMANDS } from './messages';
import { PEOPLE_COMMANDS } from './people';
import { DISTRIBUTION_COMMANDS } from './distribution';
import { CLIENT_COMMANDS } from './clients';
import { CHANNEL_COMMANDS } from './channels';
import { CATEGORY_COMMANDS } from './categories';
import { TEMPLATE_COMMANDS } from './templates';
import { MESSENGER_TEMPLATE_COMMANDS } from './messenger-templates';
import { REPORT_COMMANDS } from './reports';
import { CHATBOT_COMMANDS } from './chatbots';

export * from './command-area';
export * from './chats';
export * from './messages';
export * from './people';
export * from './distribution';
export * from './clients';
export * from './channels';
export * from './categories';
export * from './templates';
export * from './messenger-templates';
export * from './reports';
export * from './chatbots';

/**
 * Commands: `{ id, type, payload }`. Each area declares its commands in a file of its own
 * beside this one (chats, messages, people, distribution, clients, channels, categories, templates, as
 * server/domain/<area>); here they
 * are combined, and a command type declared by two areas throws at import.
 */
const ALL_COMMANDS = combineCommandAreas([
  CHAT_COMMANDS,
  MESSAGE_COMMANDS,
  PEOPLE_COMMANDS,
  DISTRIBUTION_COMMANDS,
  CLIENT_COMMANDS,
  CHANNEL_COMMANDS,
  CATEGORY_COMMANDS,
  TEMPLATE_COMMANDS,
  MESSENGER_TEMPLATE_COMMANDS,
  REPORT_COMMANDS,
  CHATBOT_COMMANDS,
]);

/** Every command type with its payload schema. */
export const COMMAND_PAYLOADS = ALL_COMMANDS.payloads;

export type CommandType = keyof typeof COMMAND_PAYLOADS;
export const COMMAND_TYPES = Object.keys(COMMAND_PAYLOADS) as CommandType[];
export type CommandPayload<T extends CommandType> = v.InferOutput<(typeof COMMAND_PAYLOADS)[T]>;

/** A command a staff token may send: every area says which of its own these are. */
export type StaffCommandType = (typeof ALL_COMMANDS.staff)[number];
/** Commands a staff token may send; the rest come only from channel adapters and public links. */
export const STAFF_COMMAND_TYPES: readonly CommandType[] = ALL_COMMANDS.staff;

/**
 * The envelope; the payload is checked against its type's schema separately (ParsedLater), so a
 * bad payload refuses its own command, not the batch it came in.
 */
export const CommandEnvelopeSchema = v.object({
  id: IdSchema,
  type: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  payload: ParsedLater,
});
export type CommandEnvelope = v.InferOutput<typeof CommandEnvelopeSchema>;

export type Command = {
  [T in CommandType]: { id: string; type: T; payload: CommandPayload<T> };
}[CommandType];
