import { normalizeEmail, type SyncTable } from '../protocol';
import type { AnyRow, OutboxRow, SyncRows } from './tables';

type Pending = Pick<OutboxRow, 'type' | 'payload' | 'createdAt'>;
type Payload = Record<string, unknown>;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const strOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' ? value : fallback;
const numOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The row each people command (teams, roles, users) changes, keyed by the id in its payload. */
export function peopleKeys(command: Pick<Pending, 'type' | 'payload'>): {
  table: SyncTable;
  key: string;
}[] {
  const p = command.payload;
  switch (command.type) {
    case 'team.create':
    case 'team.update':
    case 'team.delete':
    case 'team.setDistribution':
      return [{ table: 'teams', key: str(p.teamId) }];
    case 'role.create':
    case 'role.update':
    case 'role.delete':
      return [{ table: 'roles', key: str(p.roleId) }];
    case 'user.create':
    case 'user.update':
      return [{ table: 'users', key: str(p.userId) }];
    case 'team.setMembers':
      return [...strings(p.add), ...strings(p.remove)].map((key) => ({ table: 'users', key }));
    default:
      return [];
  }
}

type TeamDistribution = Omit<
  SyncRows['teams'],
  'id' | 'name' | 'description' | 'createdAt' | 'updatedAt'
>;

const teamFields = (p: Payload, team: SyncRows['teams'] | undefined): TeamDistribution => ({
  distributionMethod: p.distributionMethod === 'least_busy' ? 'least_busy' : 'round_robin',
  dialogLimit: num(p.dialogLimit, team?.dialogLimit ?? 1),
  redistributionMinutes: numOrNull(p.redistributionMinutes),
  autoCloseMinutes: numOrNull(p.autoCloseMinutes),
  unattendedCloseHours: ([0, 24, 48, 72] as const).find((h) => h === p.unattendedCloseHours) ?? 0,
  inactivityMinutes: num(p.inactivityMinutes, team?.inactivityMinutes ?? 0),
});

function predictTeam(command: Pending, row: SyncRows['teams'] | undefined) {
  const p = command.payload;
  const at = command.createdAt;
  switch (command.type) {
    case 'team.delete':
      return undefined;
    case 'team.setDistribution':
      return row ? { ...row, ...teamFields(p, row), updatedAt: at } : row;
    case 'team.create':
    case 'team.update': {
      // An update of a team this browser does not hold predicts nothing; the server decides.
      if (command.type === 'team.update' && !row) return row;
      return {
        id: str(p.teamId),
        createdAt: row?.createdAt ?? at,
        ...row,
        name: str(p.name).trim(),
        description: str(p.description).trim(),
        ...teamFields(p, row),
        updatedAt: at,
      } satisfies SyncRows['teams'];
    }
    default:
      return row;
  }
}

function predictRole(command: Pending, row: SyncRows['roles'] | undefined) {
  const p = command.payload;
  // Built-in roles are refused by the server; showing a change to one would only flicker.
  if (row?.immutable) return row;
  switch (command.type) {
    case 'role.delete':
      return undefined;
    case 'role.create':
    case 'role.update':
      if (command.type === 'role.update' && !row) return row;
      return {
        id: str(p.roleId),
        immutable: false,
        name: str(p.name).trim(),
        description: str(p.description).trim(),
        rights: [...new Set(strings(p.rights))] as SyncRows['roles']['rights'],
      } satisfies SyncRows['roles'];
    default:
      return row;
  }
}

/** Spec §5: a wrong automatic-break value disables the function, as the server stores it. */
const autoBreak = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 999 ? value : null;

/**
 * The photo a save shows: a new upload at the address the server will give it (its bytes are in
 * the local `files` table until the upload, so it shows at once), none when removed, else as it was.
 */
const photoUrl = (value: unknown, current: string | null): string | null =>
  typeof value === 'string' ? `/api/files/${value}` : value === null ? null : current;

/** A team's members changed from its panel: the team joins or leaves the user's teams. */
function predictMembership(p: Payload, row: SyncRows['users'], at: string): SyncRows['users'] {
  const teamId = str(p.teamId);
  const without = row.teamIds.filter((id) => id !== teamId);
  if (strings(p.add).includes(row.id) && !row.teamIds.includes(teamId))
    return { ...row, teamIds: [...row.teamIds, teamId], updatedAt: at };
  if (strings(p.remove).includes(row.id) && row.teamIds.includes(teamId))
    return { ...row, teamIds: without, updatedAt: at };
  return row;
}

function predictUser(command: Pending, row: SyncRows['users'] | undefined) {
  const p = command.payload;
  const at = command.createdAt;
  if (command.type === 'team.setMembers') return row && predictMembership(p, row, at);
  if (command.type !== 'user.create' && command.type !== 'user.update') return row;
  if (command.type === 'user.update' && !row) return row;
  // Only what every colleague may see: the password and its repeat are never predicted.
  const fields = {
    name: str(p.name).trim(),
    email: normalizeEmail(str(p.email)),
    phone: strOrNull(p.phone)?.trim() || null,
    affiliation: strOrNull(p.affiliation)?.trim() || null,
    photoUrl: photoUrl(p.photoFileId, row?.photoUrl ?? null),
    roleId: str(p.roleId),
    teamIds: [...new Set(strings(p.teamIds))],
    autoBreakMinutes: autoBreak(p.autoBreakMinutes),
    active: p.active !== false,
    updatedAt: at,
  };
  if (row) return { ...row, ...fields };
  return {
    id: str(p.userId),
    language: 'en',
    operatorStatus: 'break',
    online: false,
    totpEnabled: false,
    lastActivityAt: null,
    createdAt: at,
    ...fields,
  } satisfies SyncRows['users'];
}

/**
 * A people command's predicted effect on its one row: a new team, role or user shows in its list
 * at once, an edit shows at once, a delete hides the row. Pure, from the row alone, as every
 * prediction (predict.ts); the server's row replaces it when the event comes.
 */
export function predictPeopleRow(
  command: Pending,
  table: SyncTable,
  row: AnyRow | undefined,
): AnyRow | undefined {
  if (table === 'teams') return predictTeam(command, row as SyncRows['teams'] | undefined);
  if (table === 'roles') return predictRole(command, row as SyncRows['roles'] | undefined);
  if (table === 'users') return predictUser(command, row as SyncRows['users'] | undefined);
  return row;
}
