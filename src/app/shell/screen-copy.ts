import { onListCopyKept, readListCopy, type KeptListCopy } from '../../store/list-copy';
import { pageStorage, readStored, tryRemove, tryStore } from '../../store/page-storage';
import { SessionStorage } from '../session/session-storage';
import { SCREEN_COPY_ID, dropScreenCopy } from '../../ui/screen-copy';
import { drawableScreenCopy, listAddress, type ScreenCopy } from './screen-copy-rules';

/**
 * The chat list's screen as the page last showed it, drawn by the next start before React has
 * rendered anything (DESIGN §6 warm start: the first list painted after the app script runs).
 *
 * The list's copy (store/list-copy.ts) lets React's first render draw the rows before IndexedDB is
 * open; what is left before that render is the app's own start (its chunks, the session, the
 * router, React drawing the shell), four fifths of a warm start on a machine with two cores. So as
 * the page is hidden and keeps the list's copy, it keeps the screen that shows exactly those rows
 * too, under the same stamp; the next start at the same address draws it above the app's root in
 * the entry's first lines, only if the list's copy is still the newest a page has heard of (the
 * same check as the rows' own), and the chat list's first commit takes it away (ChatList.tsx), in
 * the same frame as it draws its own. Until then it is inert: a screen to read, not to use.
 *
 * Only the list with no chat or pane open, at its top and with no search typed: a thread or a
 * scrolled list is not what a start draws, so it is not kept. The connection's status is left out
 * (the copy's would say "online" while the start connects).
 */
const SCREEN_COPY_KEY = 'screen-copy';

/** Parts of the screen that are about this moment, not the store: left out of the copy. */
const MOMENT_ONLY = '[data-testid="connection"], [role="alert"], [role="status"]';

/**
 * The build: the entry's address, hashed by the build over its content, which names every chunk
 * (and so every chunk's stylesheet) it may load, so another build has another.
 */
const buildStamp = (): string => import.meta.url;

/** The page's screen as markup, if it shows the kept list as a start would draw it. */
function screenMarkup(kept: KeptListCopy): string | undefined {
  const app = document.getElementById('app');
  if (!kept.drawn || !app) return undefined;
  if (listAddress(location.pathname, location.search, kept.filter) === undefined) return undefined;
  const list = app.querySelector('[data-testid="chat-list"]');
  const search = app.querySelector<HTMLInputElement>('[data-testid="chat-search"]');
  if (!list || list.getAttribute('aria-busy') === 'true' || list.scrollTop !== 0) return undefined;
  if (search && search.value !== '') return undefined;
  const copy = app.cloneNode(true) as HTMLElement;
  for (const node of copy.querySelectorAll(MOMENT_ONLY)) node.remove();
  // Tests and tools find the app's own elements by these; the copy's stand aside.
  for (const node of copy.querySelectorAll('[data-testid]')) {
    node.setAttribute('data-copy-of', node.getAttribute('data-testid') ?? '');
    node.removeAttribute('data-testid');
  }
  return copy.innerHTML;
}

/** Keeps the screen beside each list copy the page keeps; returns the stop. */
export function keepScreenCopies(): () => void {
  return onListCopyKept((kept) => {
    const markup = screenMarkup(kept);
    if (markup === undefined) {
      // An older screen must not outlive the list it showed.
      tryRemove(SCREEN_COPY_KEY);
      return;
    }
    const copy: ScreenCopy = {
      build: buildStamp(),
      dbName: kept.dbName,
      viewerId: kept.viewerId,
      filter: kept.filter,
      version: kept.version,
      address: location.pathname + location.search,
      markup,
    };
    tryStore(SCREEN_COPY_KEY, JSON.stringify(copy));
  });
}

/** The kept screen, if this start may draw it (screen-copy-rules.ts). */
export function readScreenCopy(): ScreenCopy | undefined {
  const storage = pageStorage();
  // The session's own reading of the token and the cached user, checked by its schema.
  const session = storage && new SessionStorage(storage);
  return drawableScreenCopy(readStored(SCREEN_COPY_KEY), {
    build: buildStamp(),
    pathname: location.pathname,
    search: location.search,
    signedIn: Boolean(session?.readToken()),
    userId: session?.readCachedUser()?.id,
    currentListVersion: (dbName, filter, viewerId) =>
      readListCopy(dbName, filter, viewerId)?.version,
  });
}

/**
 * Draws the kept screen above the app's root, if it may be drawn (`readScreenCopy`). It goes when
 * the chat list commits its first drawing, or when the router renders any other page, or after
 * `SCREEN_COPY_MAX_MS` whatever happens, so a start that goes another way never keeps it.
 */
export function drawScreenCopy(): boolean {
  const copy = readScreenCopy();
  if (!copy) return false;
  const layer = document.createElement('div');
  layer.id = SCREEN_COPY_ID;
  layer.className = 'screen-copy';
  layer.inert = true;
  layer.setAttribute('aria-hidden', 'true');
  layer.dataset.testid = SCREEN_COPY_ID;
  // The app's own markup as it drew it (text escaped by the serializer), under the same build.
  layer.innerHTML = copy.markup;
  document.body.append(layer);
  setTimeout(dropScreenCopy, SCREEN_COPY_MAX_MS);
  return true;
}

/** The longest a copy stays up however the start goes. */
export const SCREEN_COPY_MAX_MS = 3000;

/** The store it showed is deleted (sign-out): the screen goes with it. */
export function forgetScreenCopy(): void {
  tryRemove(SCREEN_COPY_KEY);
}
