import type { Message, VisitorItem } from '../../../src/protocol';
import type { StoredEvent } from '../../sync/event-log';
import type { StoredChange } from '../../sync/groups';

type VisitorMessage = Extract<VisitorItem, { kind: 'message' }>['message'];

/** A message as its customer sees it: who wrote it in their terms, never a staff name or id. */
export const visitorMessage = (row: Message): VisitorMessage => ({
  id: row.id,
  text: row.text,
  from: row.authorKind === 'client' ? 'me' : row.authorKind === 'bot' ? 'bot' : 'operator',
  createdAt: row.createdAt,
  attachments: row.attachments,
  ...(row.buttons && row.buttons.length > 0 ? { buttons: row.buttons } : {}),
  ...(row.links && row.links.length > 0 ? { links: row.links } : {}),
});

/**
 * What one customer may see of an event: their own messages and the replies to them (never an
 * internal note, never staff names or ids), the close of their chat with its rating link, and
 * their rating. Pure, so the rule is tested apart from transport.
 */
export function projectForVisitor(event: StoredEvent, group: string): VisitorItem[] {
  if (!event.groups.includes(group)) return [];
  const items: VisitorItem[] = [];
  for (const change of event.changes as StoredChange[]) {
    if (change.table !== 'messages' || change.op !== 'put' || !change.groups.includes(group))
      continue;
    const row = change.row as unknown as Message;
    if (row.internal) continue;
    items.push({ seq: event.seq, kind: 'message', message: visitorMessage(row) });
  }
  const chatId = typeof event.data.chatId === 'string' ? event.data.chatId : null;
  if (event.type === 'chat.closed' && chatId) {
    items.push({
      seq: event.seq,
      kind: 'closed',
      chatId,
      ratingLinkId: typeof event.data.ratingLinkId === 'string' ? event.data.ratingLinkId : null,
    });
  }
  if (event.type === 'chat.rated' && chatId && typeof event.data.rating === 'number') {
    items.push({ seq: event.seq, kind: 'rated', chatId, rating: event.data.rating });
  }
  return items;
}
