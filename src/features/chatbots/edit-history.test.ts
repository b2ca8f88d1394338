import { describe, expect, it } from 'vitest';
import { COALESCE_MS, HISTORY_LIMIT, record, redo, startHistory, undo } from './edit-history';

describe('undo and redo of the editor', () => {
  it('undoes and redoes steps in order, and a new step drops what could be redone', () => {
    let history = startHistory('a');
    history = record(history, 'b', 0);
    history = record(history, 'c', 10);
    history = undo(history);
    expect(history.present).toBe('b');
    history = undo(history);
    expect(history.present).toBe('a');
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe('b');
    history = record(history, 'x', 20);
    expect(history.future).toEqual([]);
    expect(redo(history)).toBe(history);
  });

  it('typing in one field within a second is one step; another field or a pause is another', () => {
    let history = startHistory('');
    history = record(history, 'H', 0, 'node:1:text');
    history = record(history, 'He', 300, 'node:1:text');
    history = record(history, 'Hel', 600, 'node:1:text');
    expect(undo(history).present).toBe('');
    history = record(history, 'Hel!', 600 + COALESCE_MS + 1, 'node:1:text');
    expect(undo(history).present).toBe('Hel');
    history = record(history, 'Hel!?', 600 + COALESCE_MS + 2, 'node:2:text');
    expect(undo(history).present).toBe('Hel!');
  });

  it('a step that changes nothing is no step', () => {
    const history = startHistory('a');
    expect(record(history, 'a', 0)).toBe(history);
  });

  it('keeps at most the limit of steps', () => {
    let history = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) history = record(history, i, i * 10_000);
    expect(history.past.length).toBe(HISTORY_LIMIT);
    expect(history.past[0]).toBe(20);
  });
});
