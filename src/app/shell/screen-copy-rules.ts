import { CHAT_FILTERS, type ChatFilter } from '../../store/chat-list';

/** A kept screen of the chat list (screen-copy.ts), as localStorage holds it. */
export type ScreenCopy = {
  /** The build it was drawn by: the entry's address, which the build hashes. */
  build: string;
  dbName: string;
  viewerId: string;
  filter: ChatFilter;
  version: number;
  /** The address it showed, path and query. */
  address: string;
  markup: string;
};

/**
 * The address when it shows this list alone, with no chat or pane open beside it (the list's
 * search schema: an unknown or absent filter is In progress); undefined for any other address.
 */
export function listAddress(
  pathname: string,
  search: string,
  filter: ChatFilter,
): string | undefined {
  if (pathname !== '/admin/chats') return undefined;
  const params = new URLSearchParams(search);
  if (params.has('chat') || params.has('create')) return undefined;
  const shown = params.get('filter');
  const listed = CHAT_FILTERS.find((known) => known === shown) ?? 'assigned';
  return listed === filter ? pathname + search : undefined;
}

/** What a start knows as it begins: its build, address and session, and the lists' copies. */
export type StartingPage = {
  build: string;
  pathname: string;
  search: string;
  signedIn: boolean;
  userId: string | undefined;
  /** The version of the list's kept copy if it is still current (list-copy.ts readListCopy). */
  currentListVersion: (dbName: string, filter: ChatFilter, viewerId: string) => number | undefined;
};

/**
 * The kept screen, if this start may draw it: the same build, the same address showing that list
 * alone, the same signed-in viewer, and the list's own copy still the newest a page has heard of
 * at the very version the screen shows. Anything else, a value that does not parse included, is
 * no screen.
 */
export function drawableScreenCopy(
  stored: string | null,
  page: StartingPage,
): ScreenCopy | undefined {
  let copy: Partial<ScreenCopy> | null;
  try {
    copy = JSON.parse(stored ?? 'null') as Partial<ScreenCopy> | null;
  } catch {
    return undefined;
  }
  if (
    typeof copy !== 'object' ||
    copy === null ||
    typeof copy.markup !== 'string' ||
    typeof copy.dbName !== 'string' ||
    typeof copy.viewerId !== 'string' ||
    typeof copy.version !== 'number' ||
    !CHAT_FILTERS.some((known) => known === copy.filter) ||
    copy.build !== page.build ||
    copy.address !== page.pathname + page.search
  )
    return undefined;
  const filter = copy.filter as ChatFilter;
  if (listAddress(page.pathname, page.search, filter) === undefined) return undefined;
  if (!page.signedIn || page.userId !== copy.viewerId) return undefined;
  if (page.currentListVersion(copy.dbName, filter, copy.viewerId) !== copy.version)
    return undefined;
  return copy as ScreenCopy;
}
