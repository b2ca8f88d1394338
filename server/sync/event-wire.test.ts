import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventForViewer, type StoredEvent } from './event-log';
import { eventWire, wholeTo } from './event-wire';
import type { StoredChange } from './groups';

const GROUPS = ['org', 'chats:all', 'team:A', 'team:B', 'user:U', 'client:C'];

const change: fc.Arbitrary<StoredChange> = fc
  .record({
    table: fc.constantFrom('chats' as const, 'messages' as const, 'clients' as const),
    key: fc.constantFrom('k1', 'k2', 'k3'),
    put: fc.boolean(),
    groups: fc.uniqueArray(fc.constantFrom(...GROUPS), { minLength: 1 }),
  })
  .map(({ table, key, put, groups }) =>
    put
      ? { table, op: 'put', key, row: { id: key, n: 1 }, groups }
      : { table, op: 'delete', key, groups },
  );

/** One event as appended (what its wire text is made of) and as the log stores it. */
function event(changes: StoredChange[], commandId: string | null) {
  const appended = {
    seq: 7,
    id: 'e',
    type: 'chat.transferred' as const,
    actor: { kind: 'user' as const, id: 'U' },
    commandId,
    data: { chatId: 'k1', note: 'a "quoted" \\ text' },
    changes,
    at: new Date('2026-11-27T10:00:00.123Z'),
  };
  const stored: StoredEvent = {
    ...appended,
    orgId: 'o',
    groups: [...new Set(changes.flatMap((c) => c.groups))],
    wire: null,
    wholeTo: null,
  };
  return { appended, stored };
}

describe('an event’s stored wire text', () => {
  it('is exactly what every viewer of a group it is whole to receives', () => {
    fc.assert(
      fc.property(
        fc.array(change, { maxLength: 6 }),
        fc.uniqueArray(fc.constantFrom(...GROUPS)),
        fc.constantFrom(null, '0196a1f0-0000-7000-8000-000000000001'),
        (changes, viewer, commandId) => {
          const { appended, stored } = event(changes, commandId);
          // Staff are all in the organization's group (viewerGroups).
          fc.pre(
            viewer.includes('org') && wholeTo(changes).some((group) => viewer.includes(group)),
          );
          expect(JSON.parse(eventWire(appended))).toEqual(eventForViewer(stored, new Set(viewer)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('is whole to the groups every change is addressed to, unless a row is deleted and put', () => {
    const message = { table: 'messages', op: 'put', key: 'm', row: { id: 'm' } } as const;
    const chat = { table: 'chats', op: 'put', key: 'c', row: { id: 'c' } } as const;
    expect(
      wholeTo([
        { ...message, groups: ['chats:all', 'team:A', 'client:C'] },
        { ...chat, groups: ['chats:all', 'team:A'] },
      ]),
    ).toEqual(['chats:all', 'team:A']);
    // Today's figures beside a chat: no viewer group is on both, so each viewer's share is cut.
    expect(
      wholeTo([
        { ...chat, groups: ['chats:all', 'team:A'] },
        { table: 'dayFigures', op: 'put', key: 'd', row: {}, groups: ['stats'] },
      ]),
    ).toEqual([]);
    // A chat moved between teams: a viewer of both receives the put and not the delete.
    expect(
      wholeTo([
        { ...chat, groups: ['chats:all', 'team:B'] },
        { table: 'chats', op: 'delete', key: 'c', groups: ['chats:all', 'team:A'] },
      ]),
    ).toEqual([]);
    expect(wholeTo([])).toEqual([]);
    // A new customer's chat: the customer and their contact are the organization's, seen by all.
    expect(
      wholeTo([
        { table: 'clients', op: 'put', key: 'k', row: { id: 'k' }, groups: ['org'] },
        { ...chat, groups: ['chats:all', 'team:A', 'client:C'] },
        { ...message, groups: ['chats:all', 'team:A'] },
      ]),
    ).toEqual(['chats:all', 'team:A']);
    expect(
      wholeTo([{ table: 'clients', op: 'put', key: 'k', row: { id: 'k' }, groups: ['org'] }]),
    ).toEqual(['org']);
  });
});
