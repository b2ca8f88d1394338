import type { Change } from '../../src/protocol';

/**
 * Sync groups (DESIGN §4): every synced row belongs to groups, every viewer subscribes to some.
 * `org` holds organization-wide rows; `team:<id>` a team's chats; `user:<id>` a person's own
 * chats; `chats:all` every chat, for holders of the all-chats right; `stats` today's figures,
 * for holders of the statistics right.
 */
export const ORG_GROUP = 'org';
export const ALL_CHATS_GROUP = 'chats:all';
/** Organization-wide statistics (today's figures for monitoring), for the right's holders. */
export const STATS_GROUP = 'stats';
export const STATS_RIGHT = 'AUTHORITY_ALL_STAT';
export const teamGroup = (teamId: string): string => `team:${teamId}`;
export const userGroup = (userId: string): string => `user:${userId}`;

/**
 * The customer's own group: what their widget may see of their chats — their messages and the
 * staff's replies, never internal notes (those are never put in this group).
 */
export const customerGroup = (clientId: string): string => `client:${clientId}`;

export type ChatPlacement = {
  teamId: string | null;
  operatorId: string | null;
  createdBy: string | null;
};

/** The groups that see a chat and everything in it (messages, history). */
export function chatGroups(chat: ChatPlacement): string[] {
  const groups = [ALL_CHATS_GROUP];
  if (chat.teamId) groups.push(teamGroup(chat.teamId));
  if (chat.operatorId) groups.push(userGroup(chat.operatorId));
  if (chat.createdBy && chat.createdBy !== chat.operatorId) groups.push(userGroup(chat.createdBy));
  return groups;
}

export type ViewerShape = { id: string; teamIds: readonly string[]; rights: ReadonlySet<string> };

/** The groups a staff member receives. */
export function viewerGroups(viewer: ViewerShape): string[] {
  const groups = [ORG_GROUP, userGroup(viewer.id), ...viewer.teamIds.map(teamGroup)];
  if (viewer.rights.has('AUTHORITY_ALL_CHATS')) groups.push(ALL_CHATS_GROUP);
  if (viewer.rights.has(STATS_RIGHT)) groups.push(STATS_GROUP);
  return groups.sort();
}

export const sameGroups = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((group, i) => group === b[i]);

/** A change as stored in the log: the wire change plus the groups allowed to see it. */
export type StoredChange = Change & { groups: string[] };

/**
 * The changes of one event a viewer may see. A delete addressed to groups the viewer is in is
 * dropped when the same event also puts that row where the viewer still sees it: a chat moved
 * between two of the viewer's teams stays.
 */
export function visibleChanges(
  changes: readonly StoredChange[],
  groups: ReadonlySet<string>,
): Change[] {
  const sees = (change: StoredChange) => change.groups.some((group) => groups.has(group));
  const kept = new Set<string>();
  for (const change of changes)
    if (change.op === 'put' && sees(change)) kept.add(`${change.table}/${change.key}`);
  const out: Change[] = [];
  for (const change of changes) {
    if (!sees(change)) continue;
    if (change.op === 'delete' && kept.has(`${change.table}/${change.key}`)) continue;
    out.push(wireChange(change));
  }
  return out;
}

/** A stored change as a viewer receives it: without the groups it is addressed to. */
export const wireChange = (change: StoredChange): Change =>
  change.op === 'put'
    ? { table: change.table, op: 'put', key: change.key, row: change.row }
    : { table: change.table, op: 'delete', key: change.key };
