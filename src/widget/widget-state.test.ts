import { describe, expect, it } from 'vitest';
import type { VisitorItem } from '../protocol';
import {
  EMPTY_STATE,
  loadState,
  markAccepted,
  mergeItems,
  openRatingRequest,
  panelOpensAtStart,
  unsent,
} from './widget-state';

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

describe('the panel at page load', () => {
  it('opens as the channel says until the customer chooses, then as they left it', () => {
    expect(panelOpensAtStart('open', EMPTY_STATE)).toBe(true);
    expect(panelOpensAtStart('closed', EMPTY_STATE)).toBe(false);
    expect(panelOpensAtStart('open', { panel: 'closed' })).toBe(false);
    expect(panelOpensAtStart('closed', { panel: 'open' })).toBe(true);
  });

  it('keeps the customer’s choice across reloads', () => {
    const stored = { ...EMPTY_STATE, panel: 'closed' as const };
    const storage = { getItem: () => JSON.stringify(stored) };
    expect(panelOpensAtStart('open', loadState(storage, 'key'))).toBe(false);
  });
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

  it('sends a message the server took only once, and keeps it shown until the feed carries it', () => {
    const state = {
      ...EMPTY_STATE,
      pending: [
        { id: 'a', text: 'Hello', createdAt: '' },
        { id: 'b', text: 'Anyone?', createdAt: '' },
      ],
    };
    const taken = markAccepted(state, 'a');
    expect(unsent(taken).map((p) => p.id)).toEqual(['b']);
    // Set aside by the organization (a blacklisted sender): the feed never carries it, so it
    // stays on screen as sent, and no flush sends it again.
    const later = mergeItems(markAccepted(taken, 'b'), [], 3);
    expect(later.pending.map((p) => [p.id, p.accepted])).toEqual([
      ['a', true],
      ['b', true],
    ]);
    expect(unsent(later)).toEqual([]);
    expect(mergeItems(later, [message('a', 'Hello')], 4).pending.map((p) => p.id)).toEqual(['b']);
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
