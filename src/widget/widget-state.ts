import type { Attachment, VisitorItem } from '../protocol';

/**
 * A message the customer wrote that the server has not confirmed yet. Its files are uploaded
 * before it is queued (a File cannot wait in localStorage), so a retry sends only their ids.
 * Absent in states stored before attachments existed.
 */
export type PendingMessage = {
  id: string;
  text: string;
  createdAt: string;
  attachments?: Attachment[];
  /**
   * The server answered ok: it is not sent again and shows as sent, until the feed carries it. A
   * message the organization set aside (a blacklisted sender) never comes back in the feed and
   * stays so, like a message to a mail provider that drops it: the sender is told nothing.
   */
  accepted?: boolean;
};

/** What the widget keeps in localStorage, so the conversation survives reloads and lost networks. */
export type WidgetState = {
  visitorId: string | null;
  token: string | null;
  cursor: number;
  items: VisitorItem[];
  pending: PendingMessage[];
  /** Rating links the customer already answered or dismissed. */
  ratedLinks: string[];
  /** The customer's own last choice of the panel, open or closed; absent until they make one. */
  panel?: 'open' | 'closed';
};

export const EMPTY_STATE: WidgetState = {
  visitorId: null,
  token: null,
  cursor: 0,
  items: [],
  pending: [],
  ratedLinks: [],
};

const itemKey = (item: VisitorItem): string =>
  item.kind === 'message'
    ? `m:${item.message.id}`
    : item.kind === 'closed'
      ? `c:${item.chatId}`
      : `r:${item.chatId}`;

/**
 * Merges items from the server into the thread: each message once (by id), in the server's
 * order; a confirmed message leaves the pending list. Pure, so the rules are tested apart.
 */
export function mergeItems(
  state: WidgetState,
  incoming: readonly VisitorItem[],
  cursor: number,
  replace = false,
): WidgetState {
  const items = replace ? [] : [...state.items];
  const seen = new Set(items.map(itemKey));
  for (const item of incoming) {
    const key = itemKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  const confirmed = new Set(
    items.flatMap((item) => (item.kind === 'message' ? [item.message.id] : [])),
  );
  return {
    ...state,
    items,
    cursor: Math.max(replace ? 0 : state.cursor, cursor),
    pending: state.pending.filter((p) => !confirmed.has(p.id)),
  };
}

/** The server took this message: it waits for the feed, never sent again. */
export const markAccepted = (state: WidgetState, id: string): WidgetState => ({
  ...state,
  pending: state.pending.map((p) => (p.id === id ? { ...p, accepted: true } : p)),
});

/** The messages still to send, oldest first. */
export const unsent = (state: WidgetState): PendingMessage[] =>
  state.pending.filter((p) => p.accepted !== true);

/** The rating request to show: the newest closed chat with a link the customer has not answered. */
export function openRatingRequest(
  state: WidgetState,
): { chatId: string; ratingLinkId: string } | null {
  const rated = new Set(
    state.items.flatMap((item) => (item.kind === 'rated' ? [item.chatId] : [])),
  );
  for (let i = state.items.length - 1; i >= 0; i--) {
    const item = state.items[i];
    if (item?.kind !== 'closed' || !item.ratingLinkId) continue;
    if (rated.has(item.chatId) || state.ratedLinks.includes(item.ratingLinkId)) return null;
    return { chatId: item.chatId, ratingLinkId: item.ratingLinkId };
  }
  return null;
}

/**
 * Whether the panel is open when a page loads: as the customer last left it, or, on a first visit,
 * as the channel's initial state says. A customer who closed an "open" widget is not made to
 * close it again on every page of the site.
 */
export const panelOpensAtStart = (
  initialState: 'open' | 'closed',
  state: Pick<WidgetState, 'panel'>,
): boolean => (state.panel ?? initialState) === 'open';

export function loadState(storage: Pick<Storage, 'getItem'>, key: string): WidgetState {
  try {
    const raw = storage.getItem(key);
    return raw ? { ...EMPTY_STATE, ...(JSON.parse(raw) as Partial<WidgetState>) } : EMPTY_STATE;
  } catch {
    return EMPTY_STATE;
  }
}
