import type { PresenceChange } from './facts';
import { dayBucketer, dayRange } from './local-day';
import type { Observation, PresenceState } from './observations';

/** What is known of an operator at an instant: connected or not, In work or Break. */
export type PresenceSnapshot = { online: boolean; status: 'in_work' | 'break' };

/** A user row's defaults: offline, on Break (server/db/schema.ts `users`). */
export const OFFLINE: PresenceSnapshot = { online: false, status: 'break' };

/**
 * The working-time chart's state: not online whenever no connection is open (whatever the
 * status says), otherwise break or at work as the operator's status says.
 */
export function presenceState(snapshot: PresenceSnapshot): PresenceState {
  if (!snapshot.online) return 'not_online';
  return snapshot.status === 'break' ? 'break' : 'at_work';
}

const applyChange = (snapshot: PresenceSnapshot, change: PresenceChange): PresenceSnapshot => ({
  online: change.online ?? snapshot.online,
  status: change.status ?? snapshot.status,
});

/**
 * Working time by state: for each operator and local day of the span, the time they spent not
 * online, on break and at work, cut at the zone's day boundaries (a 23-hour day sums to 23
 * hours). `initial` is what was known before the first change (default: offline, on Break);
 * operators named there with no changes still get their not-online time.
 */
export function workingTime(
  changes: readonly PresenceChange[],
  span: { start: number; end: number },
  zone: string,
  initial: ReadonlyMap<string, PresenceSnapshot> = new Map(),
): Observation[] {
  const byOperator = new Map<string, PresenceChange[]>();
  for (const operatorId of initial.keys()) byOperator.set(operatorId, []);
  for (const change of changes) {
    const list = byOperator.get(change.operatorId) ?? [];
    list.push(change);
    byOperator.set(change.operatorId, list);
  }
  const dayOf = dayBucketer(zone);
  const out: Observation[] = [];
  for (const [operatorId, list] of byOperator) {
    const ordered = [...list].sort((a, b) => a.at - b.at);
    let snapshot = initial.get(operatorId) ?? OFFLINE;
    let i = 0;
    for (; i < ordered.length && (ordered[i]?.at ?? 0) <= span.start; i++) {
      const change = ordered[i];
      if (change) snapshot = applyChange(snapshot, change);
    }
    // One observation per day and state, at the first moment of that state in that day.
    const totals = new Map<string, Observation & { metric: 'workingTime' }>();
    let from = span.start;
    while (from < span.end) {
      const dayEnd = dayRange(dayOf(from), zone).end;
      const nextChange = ordered[i]?.at ?? Infinity;
      const to = Math.min(dayEnd, nextChange, span.end);
      if (to > from) {
        const state = presenceState(snapshot);
        const key = `${dayOf(from)}|${state}`;
        const seen = totals.get(key);
        if (seen) seen.ms += to - from;
        else
          totals.set(key, {
            metric: 'workingTime',
            state,
            ms: to - from,
            at: from,
            channelId: null,
            teamId: null,
            operatorId,
          });
      }
      from = to;
      while (i < ordered.length && (ordered[i]?.at ?? Infinity) <= from) {
        const change = ordered[i];
        if (change) snapshot = applyChange(snapshot, change);
        i++;
      }
    }
    out.push(...totals.values());
  }
  return out.sort((a, b) => a.at - b.at);
}
