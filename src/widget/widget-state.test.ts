import { describe, expect, it } from 'vitest';
import type { VisitorItem } from '../protocol';
import { EMPTY_STATE, mergeItems, openRatingRequest } from './widget-state';

const message = (
  id: string,
  text: string,
  from: 'me' | 'operator' = 'me',
  seq = 1,
): VisitorItem => ({
  seq,
  kind: 'message',
  message: { id, text, from, createdAt: '2026-11-22T10:00:00.000Z', attachments: [] },
});

describe('widget thread', () => {
  it('keeps each message once and drops pending messages the server confirmed', () => {
    const state = {
      ...EMPTY_STATE,
      pending: [
        { id: 'a', text: 'Hello', createdAt: '' },
        { id: 'b', text: 'Still there?', createdAt: '' },
      ],
    };
    const once = mergeItems(state, [message('a', 'Hello'), message('r', 'Hi!', 'operator', 2)], 2);
    const twice = mergeItems(once, [message('r', 'Hi!', 'operator', 2)], 2);
    expect(twice.items.map((i) => (i.kind === 'message' ? i.message.text : i.kind))).toEqual([
      'Hello',
      'Hi!',
    ]);
    expect(twice.pending.map((p) => p.id)).toEqual(['b']);
    expect(twice.cursor).toBe(2);
  });

  it('asks for a rating once the chat closes, until the customer rates', () => {
    const closed = mergeItems(
      EMPTY_STATE,
      [message('a', 'Hello'), { seq: 3, kind: 'closed', chatId: 'c1', ratingLinkId: 'L1' }],
      3,
    );
    expect(openRatingRequest(closed)).toEqual({ chatId: 'c1', ratingLinkId: 'L1' });
    expect(
      openRatingRequest(
        mergeItems(closed, [{ seq: 4, kind: 'rated', chatId: 'c1', rating: 5 }], 4),
      ),
    ).toBeNull();
    expect(openRatingRequest({ ...closed, ratedLinks: ['L1'] })).toBeNull();
  });
});
