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

/** Why the system closed a chat (reports count each apart, spec §3). */
export type AutoCloseReason = 'client_inactivity' | 'inactivity' | 'unattended';

/** A chat as auto-close sees it. */
export type ClosingChat = {
  status: 'pending' | 'assigned' | 'closed';
  queuedAt: Date | null;
  createdAt: Date;
  lastMessageAt: Date;
  lastOperatorMessageAt: Date | null;
  unansweredSince: Date | null;
};

/** A team's auto-close settings (spec §3, §5); null or 0 switches a path off. */
export type AutoCloseSettings = {
  /** Customer silence after the operator's reply. */
  autoCloseMinutes: number | null;
  /** Nobody wrote for this long (0, or above 23 minutes). */
  inactivityMinutes: number;
  /** A chat left waiting in the queue (0, 24, 48 or 72 hours). */
  unattendedCloseHours: number;
};

export type AutoCloseDue = { now: true; reason: AutoCloseReason } | { now: false; at: Date | null };

/**
 * Auto-close, three paths, the earliest wins:
 * - client_inactivity: the operator answered last and the customer has said nothing since for
 *   the team's auto-close minutes;
 * - inactivity: in an assigned chat neither side wrote for the team's inactivity time;
 * - unattended: the chat waited in the queue, given to nobody, for the team's 24, 48 or 72 hours.
 */
export function autoCloseDue(
  chat: ClosingChat,
  settings: AutoCloseSettings,
  now: Date,
): AutoCloseDue {
  const candidates: [AutoCloseReason, number][] = [];
  if (
    chat.status === 'assigned' &&
    settings.autoCloseMinutes !== null &&
    settings.autoCloseMinutes > 0 &&
    chat.lastOperatorMessageAt !== null &&
    chat.unansweredSince === null
  ) {
    candidates.push([
      'client_inactivity',
      chat.lastOperatorMessageAt.getTime() + settings.autoCloseMinutes * MINUTE,
    ]);
  }
  if (chat.status === 'assigned' && settings.inactivityMinutes > 0) {
    candidates.push([
      'inactivity',
      chat.lastMessageAt.getTime() + settings.inactivityMinutes * MINUTE,
    ]);
  }
  if (chat.status === 'pending' && settings.unattendedCloseHours > 0) {
    const since = (chat.queuedAt ?? chat.createdAt).getTime();
    candidates.push(['unattended', since + settings.unattendedCloseHours * 60 * MINUTE]);
  }
  if (candidates.length === 0) return { now: false, at: null };
  const [reason, at] = candidates.reduce((a, b) => (b[1] < a[1] ? b : a));
  return now.getTime() >= at ? { now: true, reason } : { now: false, at: new Date(at) };
}

/**
 * The waiting auto-reply (operators online / offline): once per chat, when the customer has waited
 * the channel's customer-response wait without a staff reply. `sent` lists what the chat had.
 */
export function waitingReplyDue(
  chat: { status: 'pending' | 'assigned' | 'closed'; unansweredSince: Date | null },
  sent: readonly string[],
  waitMinutes: number,
  anyEnabled: boolean,
  now: Date,
): Due {
  if (!anyEnabled || chat.status === 'closed' || chat.unansweredSince === null) return notYet(null);
  if (sent.includes(WAITING_REPLY_MARK)) return notYet(null);
  const at = chat.unansweredSince.getTime() + waitMinutes * MINUTE;
  return now.getTime() >= at ? { now: true } : notYet(at);
}

/** Recorded in a chat's sent auto-replies once its waiting reply is settled, sent or not. */
export const WAITING_REPLY_MARK = 'waiting';
