import type { TimerKind } from './timer-kinds';
import { nextExpiryDue, type ChatExpiry, type ExpiryThresholds } from './expiry';
import {
  autoCloseDue,
  redistributionDue,
  waitingReplyDue,
  type AutoCloseSettings,
  type ClosingChat,
  type Due,
} from './timers-due';

/** A chat with what its team, channel and organization set for it. */
export type TimedChat = ClosingChat & {
  expiry: ChatExpiry;
  /** The chat bot holding it, if any: a bot answers at once, so nobody's reply is awaited. */
  botId?: string | null;
  assignedAt: Date | null;
  lastClientMessageAt: Date | null;
  autoRepliesSent: readonly string[];
  team: (AutoCloseSettings & { redistributionMinutes: number | null }) | null;
  thresholds: ExpiryThresholds;
  autoReplyWaitMinutes: number;
  /** The channel has a waiting auto-reply switched on and the organization has the option. */
  waitingReplyOn: boolean;
};

export type PlannedTimer = { kind: TimerKind; dueAt: Date };

const at = (due: Due | { now: false; at: Date | null } | { now: true }, now: Date): Date | null =>
  due.now ? now : due.at;

/**
 * Every timer a chat needs now: when its urgency rises next, when it is taken from a silent
 * operator, when it closes by itself, when its waiting auto-reply goes. A closed chat needs none.
 */
export function chatTimerPlan(chat: TimedChat, now: Date): PlannedTimer[] {
  if (chat.status === 'closed') return [];
  const plan: [TimerKind, Date | null][] = [
    [
      'chat.expiry',
      chat.unansweredSince === null
        ? null
        : nextExpiryDue(chat.unansweredSince, chat.thresholds, chat.expiry),
    ],
    [
      'chat.autoReply',
      at(
        waitingReplyDue(
          chat,
          chat.autoRepliesSent,
          chat.autoReplyWaitMinutes,
          chat.waitingReplyOn,
          now,
        ),
        now,
      ),
    ],
  ];
  if (chat.team) {
    if (chat.status === 'assigned' && chat.assignedAt !== null && !chat.botId) {
      plan.push([
        'chat.redistribute',
        at(
          redistributionDue(
            {
              assignedAt: chat.assignedAt,
              lastClientMessageAt: chat.lastClientMessageAt,
              lastOperatorMessageAt: chat.lastOperatorMessageAt,
            },
            chat.team.redistributionMinutes,
            now,
            chat.unansweredSince,
          ),
          now,
        ),
      ]);
    }
    const closing = autoCloseDue(chat, chat.team, now);
    plan.push(['chat.autoClose', closing.now ? now : closing.at]);
  }
  return plan.flatMap(([kind, dueAt]) => (dueAt === null ? [] : [{ kind, dueAt }]));
}
