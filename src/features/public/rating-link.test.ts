import { describe, expect, it } from 'vitest';
import { loadRatingLink, sendRating } from './rating-link';

const answer =
  (status: number, body: unknown): typeof fetch =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('rating link', () => {
  it.each([
    [
      answer(200, { code: 'ok', entity: { used: false, rating: null, organization: 'Demo' } }),
      { kind: 'open', organization: 'Demo' },
    ],
    [
      answer(200, { code: 'ok', entity: { used: true, rating: 4, organization: 'Demo' } }),
      { kind: 'used' },
    ],
    [
      answer(404, { code: 'error', error: { name: 'QUALITY_ASSESSMENT_NOT_FOUND' } }),
      { kind: 'missing' },
    ],
    [answer(503, {}), { kind: 'unreachable' }],
    [() => Promise.reject(new TypeError('offline')), { kind: 'unreachable' }],
  ])('loads as %#', async (fetchImpl, expected) => {
    expect(await loadRatingLink('x', fetchImpl)).toEqual(expected);
  });

  it.each([
    [answer(200, { code: 'ok', entity: { rating: 5 } }), 'rated'],
    [answer(400, { code: 'error', error: { name: 'RATING_ALREADY_SENT' } }), 'used'],
    [
      answer(400, {
        code: 'error',
        error: { name: 'VALIDATION_FAILED', params: { field: 'rating' } },
      }),
      { error: { name: 'VALIDATION_FAILED', params: { field: 'rating' } } },
    ],
    [() => Promise.reject(new TypeError('offline')), 'unreachable'],
  ])('sends as %#', async (fetchImpl, expected) => {
    expect(await sendRating('x', 5, fetchImpl)).toEqual(expected);
  });
});
