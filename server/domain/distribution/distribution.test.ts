import { describe, expect, it } from 'vitest';
import { chooseOperator, mayReceive, planAssignments, type Candidate } from './choose-operator';
import { earnedExpiry, mayExpireTo, nextExpiry, nextExpiryDue } from './expiry';
import { queueOrder, type QueuedChat } from './queue-order';
import { autoBreakDue, redistributionDue } from './timers-due';

const T0 = new Date('2026-11-22T10:00:00.000Z');
const plus = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const iso = (minutes: number) => plus(minutes).toISOString();

const operator = (id: string, patch: Partial<Candidate> = {}): Candidate => ({
  id,
  active: true,
  status: 'in_work',
  connected: true,
  openDialogs: 0,
  lastAssignedAt: null,
  ...patch,
});

describe('expiry', () => {
  const thresholds = { halfExpiredMinutes: 5, expiredMinutes: 15 };

  it('turns a waiting chat yellow at the first threshold and red at the second', () => {
    expect(earnedExpiry(T0, thresholds, plus(4))).toBe('none');
    expect(earnedExpiry(T0, thresholds, plus(5))).toBe('half_expired');
    expect(earnedExpiry(T0, thresholds, plus(14))).toBe('half_expired');
    expect(earnedExpiry(T0, thresholds, plus(15))).toBe('expired');
  });

  it('never goes back', () => {
    expect(nextExpiry('expired', 'none')).toBe('expired');
    expect(nextExpiry('half_expired', 'none')).toBe('half_expired');
    expect(nextExpiry('half_expired', 'expired')).toBe('expired');
    expect(mayExpireTo('expired', 'half_expired')).toBe(false);
    expect(mayExpireTo('none', 'expired')).toBe(true);
  });

  it('says when to look again, and never once nothing is left to earn', () => {
    expect(nextExpiryDue(T0, thresholds, 'none')).toEqual(plus(5));
    expect(nextExpiryDue(T0, thresholds, 'half_expired')).toEqual(plus(15));
    expect(nextExpiryDue(T0, thresholds, 'expired')).toBeNull();
    expect(
      nextExpiryDue(T0, { halfExpiredMinutes: null, expiredMinutes: null }, 'none'),
    ).toBeNull();
    expect(earnedExpiry(T0, { halfExpiredMinutes: null, expiredMinutes: 15 }, plus(10))).toBe(
      'none',
    );
  });
});

describe('queue order', () => {
  it('serves red, then yellow, then the longest waiting', () => {
    const chats: QueuedChat[] = [
      { id: 'new', expiry: 'none', waitingSince: iso(3) },
      { id: 'old', expiry: 'none', waitingSince: iso(1) },
      { id: 'yellow', expiry: 'half_expired', waitingSince: iso(2) },
      { id: 'red-late', expiry: 'expired', waitingSince: iso(2) },
      { id: 'red-early', expiry: 'expired', waitingSince: iso(0) },
    ];
    expect(queueOrder(chats).map((chat) => chat.id)).toEqual([
      'red-early',
      'red-late',
      'yellow',
      'old',
      'new',
    ]);
  });
});

describe('choosing an operator', () => {
  it('gives chats only to active operators who are In work, connected and below the limit', () => {
    expect(mayReceive(operator('a'), 2)).toBe(true);
    expect(mayReceive(operator('a', { status: 'break' }), 2)).toBe(false);
    expect(mayReceive(operator('a', { connected: false }), 2)).toBe(false);
    expect(mayReceive(operator('a', { active: false }), 2)).toBe(false);
    expect(mayReceive(operator('a', { openDialogs: 2 }), 2)).toBe(false);
    expect(chooseOperator([operator('a', { status: 'break' })], 'round_robin', 5)).toBeNull();
  });

  it('round robin: whoever was given a chat longest ago, then the never-given first', () => {
    const team = [
      operator('a', { lastAssignedAt: iso(2) }),
      operator('b', { lastAssignedAt: iso(1) }),
      operator('c'),
    ];
    expect(chooseOperator(team, 'round_robin', 5)?.id).toBe('c');
    expect(chooseOperator(team.slice(0, 2), 'round_robin', 5)?.id).toBe('b');
  });

  it('least busy: the fewest open dialogs, the rotation breaking ties', () => {
    const team = [
      operator('a', { openDialogs: 3 }),
      operator('b', { openDialogs: 1, lastAssignedAt: iso(5) }),
      operator('c', { openDialogs: 1, lastAssignedAt: iso(4) }),
    ];
    expect(chooseOperator(team, 'least_busy', 5)?.id).toBe('c');
  });

  it('round robin is fair over 100 chats and nobody passes the limit', () => {
    const queue = Array.from({ length: 100 }, (_, i) => ({
      id: `chat-${String(i).padStart(3, '0')}`,
      expiry: 'none' as const,
      waitingSince: iso(i),
    }));
    const team = ['a', 'b', 'c', 'd', 'e'].map((id) => operator(id));
    const plan = planAssignments(queue, team, 'round_robin', 999, iso(200));
    const counts = new Map<string, number>();
    for (const { operatorId } of plan) counts.set(operatorId, (counts.get(operatorId) ?? 0) + 1);
    expect(plan).toHaveLength(100);
    expect([...counts.values()]).toEqual([20, 20, 20, 20, 20]);
    // In turn: a, b, c, d, e, a, b, …
    expect(plan.slice(0, 7).map((step) => step.operatorId)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'a',
      'b',
    ]);

    const limited = planAssignments(
      queue,
      team.map((member, i) => ({ ...member, openDialogs: i })),
      'least_busy',
      4,
      iso(200),
    );
    // Room left: 4 + 3 + 2 + 1 + 0 dialogs; the most urgent chats go first.
    expect(limited).toHaveLength(10);
    expect(limited.map((step) => step.chatId)).toEqual(queue.slice(0, 10).map((chat) => chat.id));
    const given = new Map<string, number>();
    for (const { operatorId } of limited) given.set(operatorId, (given.get(operatorId) ?? 0) + 1);
    team.forEach((member, i) => {
      expect(i + (given.get(member.id) ?? 0)).toBeLessThanOrEqual(4);
    });
  });
});

describe('redistribution', () => {
  const chat = { assignedAt: T0, lastClientMessageAt: plus(0), lastOperatorMessageAt: null };

  it('takes an unanswered chat away after the team minutes, counted from the later of assignment and question', () => {
    expect(redistributionDue(chat, 10, plus(9), plus(0))).toEqual({ now: false, at: plus(10) });
    expect(redistributionDue(chat, 10, plus(10), plus(0))).toEqual({ now: true });
    expect(redistributionDue(chat, 10, plus(10), plus(3))).toEqual({ now: false, at: plus(13) });
  });

  it('never takes away an answered chat, nor when the team has no redistribution time', () => {
    const answered = { ...chat, lastOperatorMessageAt: plus(1) };
    expect(redistributionDue(answered, 10, plus(60), plus(0))).toEqual({ now: false, at: null });
    expect(redistributionDue(chat, null, plus(60), plus(0))).toEqual({ now: false, at: null });
    expect(redistributionDue(chat, 10, plus(60), null)).toEqual({ now: false, at: null });
  });
});

describe('auto-break', () => {
  const working = { status: 'in_work' as const, autoBreakMinutes: 30, lastActivityAt: T0 };

  it('sends an idle operator to Break after their timeout', () => {
    expect(autoBreakDue(working, plus(29))).toEqual({ now: false, at: plus(30) });
    expect(autoBreakDue(working, plus(30))).toEqual({ now: true });
  });

  it('is off when not In work or when the timeout is missing or out of range', () => {
    expect(autoBreakDue({ ...working, status: 'break' }, plus(60))).toEqual({
      now: false,
      at: null,
    });
    for (const autoBreakMinutes of [null, 0, 1000, 2.5])
      expect(autoBreakDue({ ...working, autoBreakMinutes }, plus(2000)).now).toBe(false);
  });
});
