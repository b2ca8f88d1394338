import { describe, expect, it } from 'vitest';
import { dialogIntervals } from './chat-metrics';
import { chatTimeline, closeCause, presenceChanges } from './facts';
import { MINUTE, client, line, lines, note, reply } from './test-fixtures';

const T0 = Date.parse('2026-03-10T09:00:00Z');
const m = (n: number): number => T0 + n * MINUTE;

describe('facts read from the stored rows', () => {
  it('names each close cause as chat-close.ts records it', () => {
    expect(closeCause({ categoryId: null })).toBe('operator');
    expect(closeCause({ categoryId: null, reason: 'client_inactivity' })).toBe('client_inactivity');
    expect(closeCause({ categoryId: null, reason: 'inactivity' })).toBe('operator_inactivity');
    expect(closeCause({ categoryId: null, reason: 'unattended' })).toBe('unattended');
    expect(closeCause({ categoryId: null, reason: 'spam' })).toBe('spam');
    expect(closeCause({ categoryId: null, by: 'bot' })).toBe('bot');
  });

  it('orders history and messages of one instant as one command wrote them', () => {
    // A reply that took a queued chat: message and assignment share the instant.
    const timeline = chatTimeline(
      { id: 'c', channelId: 'ch', clientId: 'cl', teamId: 't' },
      [lines.assigned(m(2), 'op-a', 'op-a'), lines.created(m(0), 't')],
      [reply('op-a', m(2)), client(m(0)), note('op-a', m(1))],
    );
    expect(timeline.facts.map((f) => f.kind)).toEqual([
      'opened',
      'message',
      'message',
      'assigned',
      'message',
    ]);
    expect(timeline.facts[2]).toMatchObject({ author: 'operator', internal: true });
    expect(timeline.facts[4]).toMatchObject({ author: 'operator', authorId: 'op-a', at: m(2) });
  });

  it('finds the team a staff-started chat opened in from a later team transfer', () => {
    const timeline = chatTimeline(
      { id: 'c', channelId: 'ch', clientId: 'cl', teamId: 'team-now' },
      [
        lines.createdByStaff(m(0), 'op-a'),
        lines.toTeam(m(5), 'team-first', 'team-now', 'op-a'),
        line('category_set', m(6), { categoryId: 'x' }, 'op-a'),
      ],
      [],
    );
    expect(timeline.facts).toEqual([
      {
        kind: 'opened',
        at: m(0),
        reopen: false,
        teamId: 'team-first',
        byStaff: 'op-a',
        operatorId: 'op-a',
      },
      {
        kind: 'transferred',
        at: m(5),
        actorId: 'op-a',
        to: { teamId: 'team-now' },
        fromTeamId: 'team-first',
      },
    ]);
  });

  it('keeps a reopened chat in the team it had when the line names none', () => {
    const timeline = chatTimeline(
      { id: 'c', channelId: 'ch', clientId: 'cl', teamId: 'team-2' },
      [
        lines.created(m(0), 'team-1'),
        lines.toTeam(m(1), 'team-1', 'team-2', 'op-a'),
        lines.closed(m(2), null, 'unattended'),
        line('reopened', m(9), {}),
      ],
      [],
    );
    expect(dialogIntervals(timeline).map((i) => i.teamAtStart)).toEqual(['team-1', 'team-2']);
  });

  it('reads presence from operator.statusChanged and user.updated lines that carry online', () => {
    const changes = presenceChanges([
      { type: 'user.updated', at: new Date(m(5)), data: { userId: 'op-a', online: false } },
      {
        type: 'operator.statusChanged',
        at: new Date(m(1)),
        data: { userId: 'op-a', status: 'in_work' },
      },
      { type: 'user.updated', at: new Date(m(2)), data: { userId: 'op-a' } },
      {
        type: 'user.updated',
        at: new Date(m(0)).toISOString(),
        data: { userId: 'op-a', online: true },
      },
      {
        type: 'operator.statusChanged',
        at: new Date(m(4)),
        data: { userId: 'op-a', status: 'break', by: 'auto_break' },
      },
      { type: 'chat.closed', at: new Date(m(3)), data: { chatId: 'c' } },
    ]);
    expect(changes).toEqual([
      { operatorId: 'op-a', at: m(0), online: true },
      { operatorId: 'op-a', at: m(1), status: 'in_work' },
      { operatorId: 'op-a', at: m(4), status: 'break' },
      { operatorId: 'op-a', at: m(5), online: false },
    ]);
  });
});
