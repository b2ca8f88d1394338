import { describe, expect, it } from 'vitest';
import { commandOutcome, type CommandLookup, type CommandOutcome } from './command-outcome';
import type { OutboxRow, OutboxState } from './tables';

const row = (state: OutboxState, patch: Partial<OutboxRow> = {}): OutboxRow => ({
  id: 'c1',
  type: 'team.delete',
  payload: {},
  createdAt: '2026-11-22T10:00:00.000Z',
  state,
  attempts: 0,
  ...patch,
});
const seen = (state: OutboxState): CommandLookup => ({
  id: 'c1',
  row: row(state),
  lastState: state,
});
const gone = (lastState?: OutboxState): CommandLookup => ({ id: 'c1', row: undefined, lastState });
const refusal = { name: 'TEAM_NOT_FOUND' } as const;

describe('where a form’s command stands', () => {
  it.each<[string, string | null, CommandLookup | null | undefined, CommandOutcome]>([
    ['nothing sent yet', null, null, { state: 'idle' }],
    ['its row not read yet', 'c1', undefined, { state: 'waiting', id: 'c1' }],
    [
      'the look still about the command before it',
      'c1',
      { ...gone('pending'), id: 'c0' },
      { state: 'waiting', id: 'c1' },
    ],
    ['in the outbox, unanswered', 'c1', seen('pending'), { state: 'waiting', id: 'c1' }],
    ['accepted by the server', 'c1', seen('acknowledged'), { state: 'saved', id: 'c1' }],
    [
      'refused, with the server’s error',
      'c1',
      { id: 'c1', row: row('rejected', { error: refusal }), lastState: 'rejected' },
      { state: 'rejected', id: 'c1', error: refusal },
    ],
    ['gone once its events are applied', 'c1', gone('acknowledged'), { state: 'saved', id: 'c1' }],
    ['gone straight from waiting', 'c1', gone('pending'), { state: 'saved', id: 'c1' }],
    ['gone before it was ever seen', 'c1', gone(), { state: 'saved', id: 'c1' }],
    // Discarded, or retried as a new command by another tab: nothing was saved.
    ['gone after it was refused', 'c1', gone('rejected'), { state: 'idle' }],
  ])('%s', (_, current, found, expected) => {
    expect(commandOutcome(current, found)).toEqual(expected);
  });
});
