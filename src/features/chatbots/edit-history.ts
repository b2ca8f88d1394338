/**
 * Undo and redo of the editor (Ctrl+Z, Ctrl+Shift+Z): every content the draft has been, as a
 * pure stack. One step is one act of the administrator — a node added, moved, deleted, an edge
 * drawn — except typing: keystrokes in the same field follow each other within COALESCE_MS into
 * one step (`key` names the field), so an undo takes back a word typed, not a letter.
 *
 * The scope is the draft's content only (docs/chatbots.md "The editor"): saving, publishing and
 * restoring are commands the server has taken, never undone from here; after one, the stack goes
 * on from the content saved.
 */
export type EditHistory<T> = {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** The field the last step typed into and when, for coalescing. */
  last: { key: string; at: number } | null;
};

/** Steps kept: far more than anyone undoes, and a bound on memory for a 500-node scenario. */
export const HISTORY_LIMIT = 100;
/** Keystrokes further apart than this are separate steps. */
export const COALESCE_MS = 1000;

export const startHistory = <T>(present: T): EditHistory<T> => ({
  past: [],
  present,
  future: [],
  last: null,
});

/** A new content; `key` when it is typing in a field, merged with the step before in that field. */
export function record<T>(
  history: EditHistory<T>,
  next: T,
  at: number,
  key: string | null = null,
): EditHistory<T> {
  if (Object.is(next, history.present)) return history;
  const merges = key !== null && history.last?.key === key && at - history.last.at <= COALESCE_MS;
  return {
    past: merges ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
    last: key === null ? null : { key, at },
  };
}

export function undo<T>(history: EditHistory<T>): EditHistory<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    last: null,
  };
}

export function redo<T>(history: EditHistory<T>): EditHistory<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return {
    past: [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: rest,
    last: null,
  };
}

/** A content taken from elsewhere (the server's, on "load the server's version"): a fresh stack. */
export const resetHistory = startHistory;
