import type { QueuedChat } from './queue-order';
import { queueOrder } from './queue-order';

export type DistributionMethod = 'round_robin' | 'least_busy';

/** An operator of the team as distribution sees them. */
export type Candidate = {
  id: string;
  active: boolean;
  status: 'in_work' | 'break';
  /** Holds a live connection to some server instance right now. */
  connected: boolean;
  /** Chats assigned to them and not closed, in any team. */
  openDialogs: number;
  /** When they were last given a chat by distribution; null if never. */
  lastAssignedAt: string | null;
};

/** Who may be given a chat now: active, In work, connected, and below the team's dialog limit. */
export const mayReceive = (candidate: Candidate, dialogLimit: number): boolean =>
  candidate.active &&
  candidate.status === 'in_work' &&
  candidate.connected &&
  candidate.openDialogs < dialogLimit;

const byLastAssigned = (a: Candidate, b: Candidate): number => {
  if (a.lastAssignedAt !== b.lastAssignedAt) {
    if (a.lastAssignedAt === null) return -1;
    if (b.lastAssignedAt === null) return 1;
    return a.lastAssignedAt < b.lastAssignedAt ? -1 : 1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/**
 * The operator to give the next chat to, or null when nobody may take one.
 *
 * Round robin serves whoever was given a chat longest ago: a rotation kept in the operators' own
 * rows, so it needs no shared cursor and holds across restarts and server instances. Least busy
 * serves whoever holds the fewest open dialogs, the rotation breaking ties.
 */
export function chooseOperator<T extends Candidate>(
  candidates: readonly T[],
  method: DistributionMethod,
  dialogLimit: number,
  rotation: (a: T, b: T) => number = byLastAssigned,
): T | null {
  const able = candidates.filter((candidate) => mayReceive(candidate, dialogLimit));
  if (able.length === 0) return null;
  const order =
    method === 'least_busy'
      ? (a: T, b: T) => a.openDialogs - b.openDialogs || rotation(a, b)
      : rotation;
  return [...able].sort(order)[0] ?? null;
}

export type Assignment = { chatId: string; operatorId: string };

/**
 * Serves a team's queue as far as its operators allow: the most urgent chat to the chosen
 * operator, again and again, counting each new dialog, until the queue is empty or nobody may
 * take more. Nobody ever passes the dialog limit.
 */
export function planAssignments(
  queue: readonly QueuedChat[],
  candidates: readonly Candidate[],
  method: DistributionMethod,
  dialogLimit: number,
  at: string,
): Assignment[] {
  // Whoever is given a chat in this pass goes to the back of the rotation, behind everyone given
  // one before it; `givenAt` orders those given within the pass.
  const people = candidates.map((candidate) => ({ ...candidate, givenAt: -1 }));
  const rotation = (a: (typeof people)[number], b: (typeof people)[number]) =>
    a.givenAt === b.givenAt ? byLastAssigned(a, b) : a.givenAt - b.givenAt;
  const plan: Assignment[] = [];
  for (const chat of queueOrder(queue)) {
    const avoid = chat.avoidOperatorId ?? null;
    const chosen = chooseOperator(
      avoid === null ? people : people.filter((person) => person.id !== avoid),
      method,
      dialogLimit,
      rotation,
    );
    if (!chosen) {
      // Only the operator it was taken from could have it: it waits for someone else, and the
      // chats behind it may still go to that operator.
      if (avoid !== null) continue;
      break;
    }
    chosen.openDialogs += 1;
    chosen.givenAt = plan.length;
    chosen.lastAssignedAt = at;
    plan.push({ chatId: chat.id, operatorId: chosen.id });
  }
  return plan;
}
