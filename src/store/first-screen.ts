import type { InboxDb } from './db';

/**
 * How long reads of whole tables wait for the first screen at most: a screen that shows no chat
 * list (people, settings) never says it has shown one.
 */
export const FIRST_SCREEN_WAIT_MS = 300;

/**
 * The first screen of a page gets the database to itself. A warm start reads a list's first rows
 * through the indexes (chat-list-head.ts) while the in-memory indexes of whole tables
 * (table-index.ts) would read 10,000 chats and 5,000 customers in pages; IndexedDB answers one
 * page at a time on the main thread, so the few rows the user is waiting for came last. The whole
 * tables are read once the first rows are shown, or after FIRST_SCREEN_WAIT_MS.
 */
export class FirstScreen {
  readonly passed: Promise<void>;
  private pass: () => void = () => undefined;

  constructor(waitMs: number) {
    this.passed = new Promise<void>((resolve) => {
      this.pass = resolve;
    });
    setTimeout(this.pass, waitMs);
  }

  /** The first screen's own rows are on screen. */
  shown(): void {
    this.pass();
  }
}

const screens = new WeakMap<InboxDb, FirstScreen>();

/** The first screen of this database's page, counted from the first to ask. */
export function firstScreenOf(db: InboxDb): FirstScreen {
  let screen = screens.get(db);
  if (!screen) {
    screen = new FirstScreen(FIRST_SCREEN_WAIT_MS);
    screens.set(db, screen);
  }
  return screen;
}
