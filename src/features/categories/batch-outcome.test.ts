import { describe, expect, it } from 'vitest';
import { batchOutcome } from './batch-outcome';

describe('a batch of commands', () => {
  it('is idle before anything is sent, waiting while rows remain, done when all are gone', () => {
    expect(batchOutcome([], [])).toBe('idle');
    expect(batchOutcome(['a', 'b'], undefined)).toBe('waiting');
    expect(batchOutcome(['a', 'b'], [{ id: 'b', state: 'pending' }])).toBe('waiting');
    expect(batchOutcome(['a', 'b'], [{ id: 'b', state: 'acknowledged' }])).toBe('waiting');
    expect(batchOutcome(['a', 'b'], [{ id: 'other', state: 'pending' }])).toBe('done');
  });

  it('is refused when any of its commands is', () => {
    expect(
      batchOutcome(
        ['a', 'b'],
        [
          { id: 'a', state: 'pending' },
          { id: 'b', state: 'rejected' },
        ],
      ),
    ).toBe('rejected');
  });
});
