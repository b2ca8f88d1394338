import * as v from 'valibot';
import { IdSchema } from '../ids';
import { LIMITS } from '../limits';
import { EmailSchema, PasswordSchema } from '../validation';
import { SafeText } from '../text';
import { UserSchema } from '../entities/user';
import { TEAM_DISTRIBUTION_FIELDS, TeamSchema } from '../entities/team';
import { RoleSchema } from '../entities/role';
import { commandArea } from './command-area';

/**
 * A team as its side panel saves it (spec §2, §3, §5): created with an id the client chooses, or
 * updated whole. The name is unique in the organization (TEAM_EXISTS).
 */
export const TeamSavePayload = v.object({
  teamId: IdSchema,
  // SafeText: the form tells a refused character at once, before the server would.
  name: v.pipe(TeamSchema.entries.name, SafeText),
  description: v.pipe(TeamSchema.entries.description, SafeText),
  ...TEAM_DISTRIBUTION_FIELDS,
});

/**
 * Members join and leave a team from the team's own panel (spec §6: a supervisor manages the
 * teams and their operators): the users in `add` get the team, those in `remove` lose it, each a
 * user of the organization (USER_NOT_FOUND). Needs AUTHORITY_TEAM_MANAGEMENT only, not account
 * control: the rest of a user's row is left as it is. A user named in both lists is refused.
 */
export const TeamSetMembersPayload = v.pipe(
  v.object({
    teamId: IdSchema,
    add: v.pipe(v.array(IdSchema), v.maxLength(LIMITS.teamMembersChangeMax)),
    remove: v.pipe(v.array(IdSchema), v.maxLength(LIMITS.teamMembersChangeMax)),
  }),
  v.forward(
    v.check((b) => !b.add.some((id) => b.remove.includes(id)), 'VALIDATION_FAILED'),
    ['remove'],
  ),
);

/** Deletes a team that no open chat, channel or routing rule depends on (TEAM_IN_USE). */
export const TeamDeletePayload = v.object({ teamId: IdSchema });

/**
 * A created role as the Roles screen saves it (spec §3, §6): name unique in the organization
 * (ROLE_EXISTS), description, and rights chosen from RIGHTS. Built-in roles are refused
 * (IMMUTABLE_ROLE_UPDATE); RIGHT_OBSERVER is never a client organization's (VALIDATION_FAILED).
 */
export const RoleSavePayload = v.object({
  roleId: IdSchema,
  name: v.pipe(RoleSchema.entries.name, SafeText),
  description: v.pipe(RoleSchema.entries.description, SafeText),
  rights: RoleSchema.entries.rights,
});

/** Deletes a created role no user holds (ROLE_IN_USE). */
export const RoleDeletePayload = v.object({ roleId: IdSchema });

/** What the Users screen saves of a user (spec §2, §3, §5); the e-mail is unique (EMAIL_ALREADY_USED). */
const USER_FIELDS = {
  userId: IdSchema,
  name: v.pipe(UserSchema.entries.name, SafeText),
  email: EmailSchema,
  phone: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), SafeText, v.maxLength(LIMITS.phoneMax))),
    null,
  ),
  roleId: IdSchema,
  /** Changing them needs AUTHORITY_TEAM_MANAGEMENT besides the right to manage users. */
  teamIds: UserSchema.entries.teamIds,
  /** Spec §5: a wrong value (not 1–999 whole minutes) disables the automatic break: stored null. */
  autoBreakMinutes: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((minutes) =>
        v.is(UserSchema.entries.autoBreakMinutes, minutes) ? minutes : null,
      ),
    ),
    null,
  ),
  active: v.boolean(),
  /** What the person belongs to (department, contractor company); empty means none. */
  affiliation: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        SafeText,
        v.maxLength(LIMITS.affiliationMax),
        v.transform((text) => (text === '' ? null : text)),
      ),
    ),
    null,
  ),
  /**
   * The profile photo: a JPEG of at most LIMITS.photoMaxBytes the sender uploaded (PUT
   * /api/files/:id) before the command; null removes the photo; absent keeps the one there is.
   */
  photoFileId: v.optional(v.nullable(IdSchema)),
};

/** A new user with their first password, typed twice (PASSWORDS_DO_NOT_MATCH). */
export const UserCreatePayload = v.pipe(
  v.object({ ...USER_FIELDS, password: PasswordSchema, repeatPassword: v.string() }),
  v.forward(
    v.check((b) => b.password === b.repeatPassword, 'PASSWORDS_DO_NOT_MATCH'),
    ['repeatPassword'],
  ),
);

/**
 * A user saved whole; deactivating ends their sessions and re-queues their chats. A password,
 * when given (with its repeat), is a new one set by the administrator: every session of the user
 * ends. Nobody sets their own this way (the profile asks for the current password).
 */
export const UserUpdatePayload = v.pipe(
  v.object({
    ...USER_FIELDS,
    password: v.optional(PasswordSchema),
    repeatPassword: v.optional(v.string()),
  }),
  v.forward(
    v.check((b) => b.password === b.repeatPassword, 'PASSWORDS_DO_NOT_MATCH'),
    ['repeatPassword'],
  ),
);

/** The organization's teams, roles and users, as the Teams, Roles and Users screens save them. */
export const PEOPLE_COMMANDS = commandArea(
  {
    'team.create': TeamSavePayload,
    'team.update': TeamSavePayload,
    'team.delete': TeamDeletePayload,
    'team.setMembers': TeamSetMembersPayload,
    'role.create': RoleSavePayload,
    'role.update': RoleSavePayload,
    'role.delete': RoleDeletePayload,
    'user.create': UserCreatePayload,
    'user.update': UserUpdatePayload,
  },
  [
    'team.create',
    'team.update',
    'team.delete',
    'team.setMembers',
    'role.create',
    'role.update',
    'role.delete',
    'user.create',
    'user.update',
  ],
);
