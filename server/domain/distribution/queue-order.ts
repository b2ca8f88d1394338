import type { ChatExpiry } from './expiry';

/** A chat waiting in a team's queue, as the queue sees it. */
export type QueuedChat = {
  id: string;
  expiry: ChatExpiry;
  waitingSince: string;
  /** The operator it was just taken from for not answering: someone else gets it if anyone can. */
  avoidOperatorId?: string | null;
};

const URGENCY: Record<ChatExpiry, number> = { expired: 0, half_expired: 1, none: 2 };

/**
 * The order a team's queue is served in (issue 5): expired (red) first, then half-expired
 * (yellow), then the longest waiting; the id breaks ties so every server instance agrees.
 */
export function compareQueued(a: QueuedChat, b: QueuedChat): number {
  return (
    URGENCY[a.expiry] - URGENCY[b.expiry] ||
    (a.waitingSince < b.waitingSince ? -1 : a.waitingSince > b.waitingSince ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export const queueOrder = <T extends QueuedChat>(chats: readonly T[]): T[] =>
  [...chats].sort(compareQueued);
