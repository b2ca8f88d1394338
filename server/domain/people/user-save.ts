import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { CommandPayload, Right } from '../../../src/protocol';
import { channels, chats, loginTickets, roles, sessions, users } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { ORG_GROUP, teamGroup } from '../../sync/groups';
import { userRow } from '../../sync/wire-rows';
import type { Viewer } from '../../auth/viewer';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireRight } from '../core/require-viewer';
import { checkTeams } from '../core/org-teams';
import { addHistory, chatMoveChanges } from '../chats/chat-changes';
import { updateChat } from '../chats/chat-access';
import { lockDistribution } from '../distribution/serve-queue';
import { checkedPhotoUrl, photoUrlOf } from './user-photo';

type UserFields = CommandPayload<'user.update'>;

/**
 * The photo column a save asks for: a new upload checked (user-photo.ts), null to remove it, the
 * one already there kept as it is — absent, or named again by an unchanged form, since the file
 * may be another administrator's upload.
 */
async function photoUrlFor(
  scope: CommandScope,
  viewer: Viewer,
  fileId: string | null | undefined,
  current: string | null,
): Promise<string | null> {
  if (fileId === undefined) return current;
  if (fileId === null) return null;
  if (current !== null && current === photoUrlOf(fileId)) return current;
  return checkedPhotoUrl(scope, fileId, viewer.id);
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  new Set(a).size === new Set(b).size && a.every((id) => b.includes(id));

/** E-mails sign people in, so one belongs to one account across every organization. */
async function refuseTakenEmail(scope: CommandScope, email: string, userId: string): Promise<void> {
  const [taken] = await scope.tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)));
  if (taken) fail('EMAIL_ALREADY_USED');
}

/**
 * The role must be this organization's; a role newly given must hold no right the sender lacks,
 * as giving a role above one's own would be a way to gain it. Held FOR SHARE so a concurrent
 * role.delete waits.
 */
async function checkRole(
  scope: CommandScope,
  viewer: Viewer,
  roleId: string,
  given: boolean,
): Promise<void> {
  const [role] = await scope.tx
    .select({ rights: roles.rights })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.orgId, scope.orgId)))
    .for('share');
  if (!role) fail('ROLE_NOT_FOUND', { field: 'roleId' });
  if (given && (role.rights as Right[]).some((right) => !viewer.rights.has(right)))
    fail('ACCESS_DENIED');
}

async function checkFields(
  scope: CommandScope,
  viewer: Viewer,
  fields: UserFields,
  roleBefore: string | null,
) {
  await refuseTakenEmail(scope, fields.email, fields.userId);
  await checkRole(scope, viewer, fields.roleId, fields.roleId !== roleBefore);
  return checkTeams(scope, fields.teamIds);
}

/** A new staff member (spec §2 Users). Right RIGHT_ACCOUNT_CONTROL; teams need team management. */
export async function userCreate(
  scope: CommandScope,
  payload: CommandPayload<'user.create'>,
): Promise<void> {
  const viewer = requireRight(scope, 'RIGHT_ACCOUNT_CONTROL');
  if (payload.teamIds.length > 0) requireRight(scope, 'AUTHORITY_TEAM_MANAGEMENT');
  const { userId, name, email, phone, roleId, autoBreakMinutes, active, affiliation, password } =
    payload;
  const [used] = await scope.tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (used) fail('VALIDATION_FAILED', { field: 'userId' });
  const teamIds = await checkFields(scope, viewer, payload, null);
  const photoUrl = await photoUrlFor(scope, viewer, payload.photoFileId, null);
  const [row] = await scope.tx
    .insert(users)
    .values({
      id: userId,
      orgId: scope.orgId,
      name,
      email,
      phone,
      roleId,
      teamIds,
      autoBreakMinutes,
      active,
      affiliation,
      photoUrl,
      passwordHash: await hashPassword(password),
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  scope.touchedUsers.add(row.id);
  scope.emit('user.created', { userId: row.id, name: row.name }, [
    { table: 'users', op: 'put', key: row.id, row: userRow(row), groups: [ORG_GROUP] },
  ]);
}

/**
 * A user saved whole. Deactivating (docs/people-and-access.md) ends every session of theirs in
 * the same transaction — their open live sockets close when the hub sees their row — and gives
 * their open chats back to their team queues, to be served at once: their customers must not
 * wait on someone who is gone.
 */
export async function userUpdate(scope: CommandScope, payload: UserFields): Promise<void> {
  const viewer = requireRight(scope, 'RIGHT_ACCOUNT_CONTROL');
  // The password and the photo's file are not columns; the password never reaches the event log.
  const { userId, password, photoFileId, ...rest } = payload;
  const fields = { ...rest };
  delete fields.repeatPassword;
  // One's own password is changed in the profile, which asks for the current one: a session left
  // open must not be enough to take the account over.
  if (password !== undefined && userId === viewer.id) fail('ACCESS_DENIED');
  // Hashed before any lock is taken: argon2id takes tens of milliseconds, and queues wait on the
  // distribution lock.
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  // A deactivation takes the chats it gives back first, as every command takes a chat's row
  // before the distribution lock: an operator closing one of them right now finishes first.
  if (!fields.active) await lockChatsOf(scope, userId);
  // Before the user's row, always: distribution writes operators' rows under this lock, and this
  // command serves queues (under it) while holding the row. On deactivation it also means a
  // distribution giving them a chat either finishes first (the chat is re-queued below) or sees
  // them inactive.
  await lockDistribution(scope);
  const [before] = await scope.tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, scope.orgId)))
    .for('update');
  if (!before) fail('USER_NOT_FOUND');
  if (!sameSet(before.teamIds, fields.teamIds)) requireRight(scope, 'AUTHORITY_TEAM_MANAGEMENT');
  // Nobody locks themselves out: another administrator must do it.
  if (userId === viewer.id && !fields.active) fail('ACCESS_DENIED');
  const teamIds = await checkFields(scope, viewer, payload, before.roleId);
  // Setting someone's password is signing in as them: allowed only over a role whose rights the
  // sender holds too, or account control alone would take an Administrator's account over.
  if (passwordHash !== undefined) await checkRole(scope, viewer, before.roleId, true);
  const photoUrl = await photoUrlFor(scope, viewer, photoFileId, before.photoUrl);
  const deactivated = before.active && !fields.active;
  const [row] = await scope.tx
    .update(users)
    .set({
      ...fields,
      teamIds,
      photoUrl,
      ...(passwordHash === undefined ? {} : { passwordHash }),
      ...(deactivated ? { operatorStatus: 'break' as const, online: false } : {}),
      updatedAt: scope.now,
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) fail('USER_NOT_FOUND');
  scope.touchedUsers.add(row.id);
  scope.serveTeams(teamIds);
  const passwordSet = passwordHash !== undefined;
  scope.emit('user.updated', { userId, ...fields, photoUrl, passwordSet }, [
    { table: 'users', op: 'put', key: row.id, row: userRow(row), groups: [ORG_GROUP] },
  ]);
  // A new password set by an administrator ends every session too: whoever held the old one
  // (often the reason for the reset) is out at once; the live hub closes their sockets when it
  // sees their row (live-hub.ts checks the session of each connection of a changed user).
  if (deactivated || passwordSet) {
    await scope.tx
      .update(sessions)
      .set({ revokedAt: scope.now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    // A sign-in half done with the old password (waiting for its two-factor code) ends too.
    await scope.tx
      .update(loginTickets)
      .set({ usedAt: scope.now })
      .where(and(eq(loginTickets.userId, userId), isNull(loginTickets.usedAt)));
  }
  if (deactivated) await requeueChatsOf(scope, userId);
}

/** The operator's assigned chats, locked in id order so two lockers never cross. */
const lockChatsOf = (scope: CommandScope, operatorId: string) =>
  scope.tx
    .select()
    .from(chats)
    .where(
      and(
        eq(chats.orgId, scope.orgId),
        eq(chats.operatorId, operatorId),
        eq(chats.status, 'assigned'),
      ),
    )
    .orderBy(asc(chats.id))
    .for('update');

/**
 * The deactivated operator's assigned chats wait in their team's queue again, in their place.
 * Read again under the distribution lock: a chat given to them before it was taken is included
 * (the only lock taken out of order, and only in that moment's window).
 */
async function requeueChatsOf(scope: CommandScope, operatorId: string): Promise<void> {
  const held = await lockChatsOf(scope, operatorId);
  for (const chat of held) {
    scope.lockedChats.add(chat.id);
    // A chat given straight to the operator has no team: the channel's team takes it.
    let teamId = chat.teamId;
    if (!teamId) {
      const [channel] = await scope.tx
        .select({ teamId: channels.teamId })
        .from(channels)
        .where(eq(channels.id, chat.channelId));
      teamId = channel?.teamId ?? null;
    }
    const updated = await updateChat(scope, chat.id, {
      status: 'pending',
      operatorId: null,
      assignedAt: null,
      teamId,
      queuedAt: chat.unansweredSince ?? scope.now,
    });
    const known = new Set(teamId && teamId === chat.teamId ? [teamGroup(teamId)] : []);
    const changes = await chatMoveChanges(scope.tx, chat, updated, known);
    changes.push(
      await addHistory(scope, updated, 'unassigned', { operatorId, reason: 'deactivated' }),
    );
    scope.emit('chat.unassigned', { chatId: chat.id, operatorId, reason: 'deactivated' }, changes);
    scope.serveTeams([teamId]);
  }
}
