import * as v from 'valibot';
import { IdSchema } from '../../protocol';
// From its own module: the store's entry would bring Dexie into the route tree, and so to Login.
import { CHAT_FILTERS } from '../../store/chat-list';

/**
 * `/admin/chats?filter=assigned|open|closed|expired|created&chat=<uuid>`: an unknown filter falls
 * back to In progress rather than failing; `chat` opens that chat beside the list (dropped when it
 * is not an id, so a mangled link shows the list); `create` opens the Create chat pane.
 */
export const ChatsSearchSchema = v.object({
  filter: v.fallback(v.picklist(CHAT_FILTERS), 'assigned'),
  chat: v.optional(v.fallback(v.optional(IdSchema), undefined)),
  create: v.optional(v.fallback(v.boolean(), false)),
});
export type ChatsSearch = v.InferOutput<typeof ChatsSearchSchema>;
