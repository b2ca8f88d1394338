import type { InboxDb } from './db';

/**
 * How long reads of whole tables wait for the first screen at most when no screen has said it
 * draws the store's rows: a screen that shows no chat list (people, settings) never says it has
 * shown one.
 */
export const FIRST_SCREEN_WAIT_MS = 300;

/**
 * How long they wait at most once a screen has said it draws rows (`expect`): on a machine whose
 * two cores the server and the catch-up already fill, the first list is drawn later than
 * FIRST_SCREEN_WAIT_MS, and starting the reads and the sync worker at the cap put them beside
 * that screen's own start (the longest task of a catch-up, docs/performance.md). A screen that
 * said so and never draws (it failed, or was left at once) must still not hold them for good.
 */
export const EXPECTED_SCREEN_WAIT_MS = 3_000;

/**
 * The first screen of a page gets the database to itself. A warm start reads a list's first rows
 * through the indexes (chat-list-head.ts) while the in-memory indexes of whole tables
 * (table-index.ts) would read 10,000 chats and 5,000 customers in pages; IndexedDB answers one
 * page at a time on the main thread, so the few rows the user is waiting for came last. The whole
 * tables are read, and the sync worker started, once the first rows are shown; when no screen
 * draws rows, after FIRST_SCREEN_WAIT_MS.
 */
export class FirstScreen {
  readonly passed: Promise<void>;
  private pass: () => void = () => undefined;
  private expected = false;

  constructor(waitMs: number, expectedWaitMs: number) {
    this.passed = new Promise<void>((resolve) => {
      this.pass = resolve;
    });
    setTimeout(() => {
      if (!this.expected) this.pass();
    }, waitMs);
    setTimeout(this.pass, expectedWaitMs);
  }

  /** A screen that draws the store's rows is on its way: wait for it, not for the short cap. */
  expect(): void {
    this.expected = true;
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
    screen = new FirstScreen(FIRST_SCREEN_WAIT_MS, EXPECTED_SCREEN_WAIT_MS);
    screens.set(db, screen);
  }
  return screen;
}
