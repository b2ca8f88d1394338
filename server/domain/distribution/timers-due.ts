/**
 * When the distribution timers fire (issue 5, spec §1/§4/§5). Pure: each answers, for one row and
 * a moment, whether its rule applies now and otherwise when to look again, so the jobs store due
 * times and tests move a clock.
 */
const MINUTE = 60_000;

export type Due = { now: true } | { now: false; at: Date | null };
const notYet = (at: number | null): Due => ({ now: false, at: at === null ? null : new Date(at) });

/** An assigned chat as redistribution sees it. */
export type AssignedChat = {
  assignedAt: Date;
  lastClientMessageAt: Date | null;
  lastOperatorMessageAt: Date | null;
};

/**
 * Redistribution: the operator has not answered within the team's time. The clock starts at the
 * later of the assignment and the customer's first message the operator has not answered, so a
 * chat handed over with an unanswered question gives the new operator the full time. A chat whose
 * customer has nothing unanswered is never taken away. Null minutes switch the rule off.
 */
export function redistributionDue(
  chat: AssignedChat,
  minutes: number | null,
  now: Date,
  firstUnansweredAt: Date | null,
): Due {
  if (minutes === null || firstUnansweredAt === null) return notYet(null);
  const answered =
    chat.lastOperatorMessageAt !== null &&
    chat.lastClientMessageAt !== null &&
    chat.lastOperatorMessageAt >= chat.lastClientMessageAt;
  if (answered) return notYet(null);
  const from = Math.max(chat.assignedAt.getTime(), firstUnansweredAt.getTime());
  const at = from + minutes * MINUTE;
  return now.getTime() >= at ? { now: true } : notYet(at);
}

/** An operator as auto-break sees them. */
export type WorkingOperator = {
  status: 'in_work' | 'break';
  autoBreakMinutes: number | null;
  lastActivityAt: Date | null;
};

/** The largest auto-break timeout spec §3 allows; anything else switches the function off. */
export const AUTO_BREAK_MAX_MINUTES = 999;

/**
 * Auto-break: an operator In work with no activity for their timeout goes to Break. A missing,
 * zero or out-of-range timeout switches it off (spec §8: "a wrong value disables the function").
 */
export function autoBreakDue(operator: WorkingOperator, now: Date): Due {
  const minutes = operator.autoBreakMinutes;
  if (
    operator.status !== 'in_work' ||
    minutes === null ||
    !Number.isInteger(minutes) ||
    minutes < 1 ||
    minutes > AUTO_BREAK_MAX_MINUTES ||
    operator.lastActivityAt === null
  )
    return notYet(null);
  const at = operator.lastActivityAt.getTime() + minutes * MINUTE;
  return now.getTime() >= at ? { now: true } : notYet(at);
}
