import type { ApiError, RatingLinkView } from '../../protocol';

/** What the public rating page can learn from, or tell, the server. */
export type RatingLinkState =
  | { kind: 'loading' }
  | { kind: 'open'; organization: string }
  | { kind: 'used' }
  | { kind: 'missing' }
  | { kind: 'unreachable' };

/** Loads a rating link: open to rate, already used, or unknown. */
export async function loadRatingLink(
  uuid: string,
  fetchImpl: typeof fetch = fetch,
): Promise<RatingLinkState> {
  try {
    const response = await fetchImpl(`/api/public/rating/${encodeURIComponent(uuid)}`);
    if (response.status === 404 || response.status === 400) return { kind: 'missing' };
    if (!response.ok) return { kind: 'unreachable' };
    const body = (await response.json()) as { entity: RatingLinkView };
    return body.entity.used
      ? { kind: 'used' }
      : { kind: 'open', organization: body.entity.organization };
  } catch {
    return { kind: 'unreachable' };
  }
}

/** Sends the rating; `used` when someone already rated through this link (spec §4: usable once). */
export async function sendRating(
  uuid: string,
  rating: number,
  fetchImpl: typeof fetch = fetch,
): Promise<'rated' | 'used' | { error: ApiError } | 'unreachable'> {
  try {
    const response = await fetchImpl(`/api/public/rating/${encodeURIComponent(uuid)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rating }),
    });
    if (response.ok) return 'rated';
    const body = (await response.json().catch(() => null)) as { error?: ApiError } | null;
    if (body?.error?.name === 'RATING_ALREADY_SENT') return 'used';
    return body?.error ? { error: body.error } : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

/** The quality scale of spec §3, worst to best. */
export const RATING_SCALE = [
  { value: 1, name: 'VERY_BAD' },
  { value: 2, name: 'BAD' },
  { value: 3, name: 'NORMAL' },
  { value: 4, name: 'GOOD' },
  { value: 5, name: 'EXCELLENT' },
] as const;
