import * as v from 'valibot';
import { EventSchema } from './events';
import { ApiErrorSchema } from './errors';

/** Bumped when the wire shapes change incompatibly; the client re-bootstraps on a change. */
export const PROTOCOL_VERSION = 1;

/** Bootstrap NDJSON lines: the cursor first, row chunks, then done. */
export type BootstrapLine =
  | { cursor: number; protocol: number }
  | { table: string; rows: Record<string, unknown>[] }
  | { done: true; rows: number };

/** GET /api/sync/events answer. `cursor` passes events the user may not see. */
export const EventsPageSchema = v.object({
  events: v.array(EventSchema),
  hasMore: v.boolean(),
  cursor: v.number(),
  /** The cursor is older than the log (or from another database): bootstrap again. */
  reset: v.optional(v.literal(true)),
});
export type EventsPage = v.InferOutput<typeof EventsPageSchema>;

/**
 * Live socket, server to client. `after` is the cursor the batch follows: a client whose cursor
 * differs has missed something and catches up over HTTP first.
 */
export const LiveServerMessageSchema = v.variant('kind', [
  v.object({
    kind: v.literal('events'),
    after: v.number(),
    cursor: v.number(),
    events: v.array(EventSchema),
  }),
  v.object({ kind: v.literal('ready'), cursor: v.number() }),
  v.object({ kind: v.literal('reset'), reset: v.literal(true) }),
  v.object({ kind: v.literal('error'), error: ApiErrorSchema }),
]);
export type LiveServerMessage = v.InferOutput<typeof LiveServerMessageSchema>;

/** Close codes of the live socket. */
export const LIVE_CLOSE = {
  unauthorized: 4401,
  reset: 4000,
  shuttingDown: 4503,
  /** A widget socket before the visitor's first message: there is nothing to follow yet. */
  noConversation: 4404,
  /** A widget socket from a page its channel does not allow (docs/site-chat-widget.md, Embedding). */
  originNotAllowed: 4403,
} as const;
