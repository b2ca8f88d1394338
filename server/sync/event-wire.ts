import type { Actor, EventType, SyncEvent } from '../../src/protocol';
import { ORG_GROUP, wireChange, type StoredChange } from './groups';

/**
 * An event as every viewer who sees all of it receives it, serialized once as it is appended and
 * stored beside it (`events.wire`): a catch-up page of such events is their stored texts joined,
 * with nothing parsed or serialized on the way. On the embedded database, turning the stored
 * `jsonb` of a 1,000-event page back into text took two thirds of the page's time.
 */
export function eventWire(event: {
  seq: number;
  id: string;
  type: EventType;
  at: Date;
  actor: Actor;
  commandId: string | null;
  data: Record<string, unknown>;
  changes: readonly StoredChange[];
}): string {
  const wire: SyncEvent = {
    seq: event.seq,
    id: event.id,
    type: event.type,
    at: event.at.toISOString(),
    actor: event.actor,
    commandId: event.commandId,
    data: event.data,
    changes: event.changes.map(wireChange),
  };
  return JSON.stringify(wire);
}

/**
 * The groups whose staff viewers receive an event whole, so its stored wire text is their copy:
 * those every change is addressed to, leaving out the changes addressed to the organization, which
 * every staff member receives (viewerGroups); only the organization when all of them are. None
 * when a row is both deleted and put in the event, since a viewer who sees the put does not
 * receive the delete (visibleChanges), and none for an event without changes (a viewer receives it
 * only through its groups, eventForViewer). Not for a customer's widget, which is not in the
 * organization's group.
 */
export function wholeTo(changes: readonly StoredChange[]): string[] {
  if (changes.length === 0) return [];
  const puts = new Set<string>();
  for (const change of changes) if (change.op === 'put') puts.add(`${change.table}/${change.key}`);
  for (const change of changes)
    if (change.op === 'delete' && puts.has(`${change.table}/${change.key}`)) return [];
  const [first, ...rest] = changes.filter((change) => !change.groups.includes(ORG_GROUP));
  if (!first) return [ORG_GROUP];
  let common = new Set(first.groups);
  for (const change of rest) {
    common = new Set(change.groups.filter((group) => common.has(group)));
    if (common.size === 0) return [];
  }
  return [...common].sort();
}
