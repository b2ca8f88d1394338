import { arrayLiteral, bool, iso, json, type Column } from './bulk-insert';
import type { messages } from './schema';

/**
 * The messages table's columns as a set-based insert sends them (bulk-insert.ts), each with its
 * default where a row leaves it out: a group's customer messages and the bench seed's thousands.
 */
export const MESSAGE_COLUMNS: readonly Column<typeof messages.$inferInsert>[] = [
  ['id', 'uuid', (r) => r.id],
  ['org_id', 'uuid', (r) => r.orgId],
  ['chat_id', 'uuid', (r) => r.chatId],
  ['author_kind', 'text', (r) => r.authorKind],
  ['author_id', 'uuid', (r) => r.authorId ?? null],
  ['text', 'text', (r) => r.text],
  ['internal', 'bool', (r) => bool(r.internal ?? false)],
  ['status', 'text', (r) => r.status ?? 'sent'],
  ['attachments', 'jsonb', (r) => json(r.attachments ?? [])],
  ['buttons', 'text', (r) => arrayLiteral(r.buttons ?? []), 'text[]'],
  ['failure_reason', 'text', (r) => r.failureReason ?? null],
  ['created_at', 'timestamptz', (r) => iso(r.createdAt)],
];
