import * as v from 'valibot';
// From its own module: the store's entry would bring Dexie into the route tree, and so to Login.
import { CHAT_FILTERS } from '../../store/chat-list';
import { OptionalIdSearch } from './address-ids';

/**
 * `/admin/chats?filter=assigned|open|closed|expired|created&chat=<uuid>`: an unknown filter falls
 * back to In progress rather than failing; `chat` opens that chat beside the list (an id, checked
 * as every id in the address is: address-ids.ts); `create` opens the Create chat pane.
 */
export const ChatsSearchSchema = v.object({
  filter: v.fallback(v.picklist(CHAT_FILTERS), 'assigned'),
  chat: OptionalIdSearch,
  create: v.optional(v.fallback(v.boolean(), false)),
});
export type ChatsSearch = v.InferOutput<typeof ChatsSearchSchema>;
