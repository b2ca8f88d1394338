import * as v from 'valibot';
import {
  LIMITS,
  UserCreatePayload,
  UserUpdatePayload,
  type ApiError,
  type CommandPayload,
  type ErrorName,
  type Right,
  type Role,
  type User,
} from '../../protocol';
import {
  problemText,
  problemsOf,
  refusalPlace,
  type FieldProblem,
} from '../../ui/forms/field-problems';
import type { Translator } from '../../ui/i18n';

/**
 * The profile photo as the form holds it: the one the user has (or none) kept as it is, removed,
 * or a new file picked in this form, with the id it will be uploaded under and whether its first
 * bytes are a JPEG's (read when picked: a renamed PNG is caught before it is sent).
 */
export type PhotoChoice =
  | { kind: 'kept' }
  | { kind: 'removed' }
  | {
      kind: 'new';
      id: string;
      blob: Blob;
      name: string;
      type: string;
      size: number;
      looksJpeg: boolean;
    };

/** What the user form holds: inputs as the browser gives them. */
export type UserFormValues = {
  name: string;
  email: string;
  phone: string;
  affiliation: string;
  roleId: string;
  teamIds: string[];
  autoBreak: string;
  active: boolean;
  /** On edit: the administrator chose to set a new password. A new user always gets one. */
  setPassword: boolean;
  password: string;
  repeatPassword: string;
  photo: PhotoChoice;
};

export const USER_FIELDS = [
  'name',
  'email',
  'phone',
  'affiliation',
  'roleId',
  'teamIds',
  'autoBreak',
  'password',
  'repeatPassword',
  'photo',
] as const;
export type UserField = (typeof USER_FIELDS)[number];

/** Why a value is wrong: the forms' reasons, and a photo that is not a JPEG. */
export type UserProblem = FieldProblem | { kind: 'photoType' };

export type UserProblems = Partial<Record<UserField, UserProblem>>;

/**
 * How the automatic-break box reads (spec §5): empty is off; a whole number of minutes from 1 to
 * 999 is on; anything else is "time specified incorrectly", which disables the function — the
 * save goes through with the break off, as the server stores it, and the form says so beforehand.
 */
export type AutoBreakReading =
  { kind: 'off' } | { kind: 'on'; minutes: number } | { kind: 'wrong' };

export function readAutoBreak(text: string): AutoBreakReading {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'off' };
  if (!/^\d+$/.test(trimmed)) return { kind: 'wrong' };
  const minutes = Number(trimmed);
  return minutes >= 1 && minutes <= LIMITS.autoBreakMaxMinutes
    ? { kind: 'on', minutes }
    : { kind: 'wrong' };
}

/** Every JPEG starts with these bytes (SOI and the first marker), whatever its name says. */
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

export const startsAsJpeg = (head: Uint8Array): boolean =>
  JPEG_SIGNATURE.every((byte, index) => head[index] === byte);

/** A picked photo's problem (spec §5: JPEG, at most 200 KB), or null when it may be sent. */
export function photoProblem(photo: PhotoChoice): UserProblem | null {
  if (photo.kind !== 'new') return null;
  if (photo.type !== 'image/jpeg' || !photo.looksJpeg) return { kind: 'photoType' };
  if (photo.size > LIMITS.photoMaxBytes)
    return { kind: 'error', name: 'PICTURE_TOO_BIG', params: { max: LIMITS.photoMaxBytes } };
  return null;
}

/** Whether the sender may newly give this role: every right of it is one they hold. */
export const mayGiveRole = (role: Pick<Role, 'rights'>, ownRights: ReadonlySet<Right>): boolean =>
  role.rights.every((right) => ownRights.has(right));

/**
 * The roles the role box offers: those the sender may give, and the user's current role, which
 * may always be kept (the server refuses only newly giving a role above one's own).
 */
export function roleChoices(
  roles: readonly Role[],
  ownRights: ReadonlySet<Right>,
  currentRoleId: string | null,
): Role[] {
  return roles
    .filter((role) => role.id === currentRoleId || mayGiveRole(role, ownRights))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A new user starts with the least-privileged role offered: the fewest rights, then by name. */
export const defaultRoleId = (choices: readonly Role[]): string =>
  [...choices].sort((a, b) => a.rights.length - b.rights.length || a.name.localeCompare(b.name))[0]
    ?.id ?? '';

/** The form's values for a user being edited, or for a new one. */
export function userFormDefaults(user: User | undefined, newRoleId: string): UserFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    affiliation: user?.affiliation ?? '',
    roleId: user?.roleId ?? newRoleId,
    teamIds: user ? [...user.teamIds] : [],
    autoBreak: user?.autoBreakMinutes == null ? '' : String(user.autoBreakMinutes),
    active: user?.active ?? true,
    setPassword: false,
    password: '',
    repeatPassword: '',
    photo: { kind: 'kept' },
  };
}

export type UserSave =
  | { type: 'user.create'; payload: CommandPayload<'user.create'> }
  | { type: 'user.update'; payload: CommandPayload<'user.update'> };

/**
 * The values as the command's payload before the schema looks at them. The password goes only
 * when one is given (always for a new user); the photo only when it changed.
 */
export function userSaveInput(
  values: UserFormValues,
  userId: string,
  isNew: boolean,
): Record<string, unknown> {
  const autoBreak = readAutoBreak(values.autoBreak);
  const photo = values.photo;
  return {
    userId,
    name: values.name,
    email: values.email,
    phone: values.phone.trim() === '' ? null : values.phone,
    affiliation: values.affiliation,
    roleId: values.roleId,
    teamIds: values.teamIds,
    autoBreakMinutes: autoBreak.kind === 'on' ? autoBreak.minutes : null,
    active: values.active,
    ...(photo.kind === 'new' ? { photoFileId: photo.id } : {}),
    ...(photo.kind === 'removed' ? { photoFileId: null } : {}),
    ...(isNew || values.setPassword
      ? { password: values.password, repeatPassword: values.repeatPassword }
      : {}),
  };
}

const FIELD_OF_KEY: Record<string, UserField> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  affiliation: 'affiliation',
  roleId: 'roleId',
  teamIds: 'teamIds',
  autoBreakMinutes: 'autoBreak',
  password: 'password',
  repeatPassword: 'repeatPassword',
  photoFileId: 'photo',
};

const fieldOfKey = (key: string): UserField | undefined => FIELD_OF_KEY[key];

/**
 * The form checked with the very schema the server parses `user.create` / `user.update` with,
 * and the photo with the spec's rules: the command to send, or the first problem of each field.
 */
export function checkUserForm(
  values: UserFormValues,
  userId: string,
  isNew: boolean,
): { ok: true; save: UserSave } | { ok: false; problems: UserProblems } {
  const input = userSaveInput(values, userId, isNew);
  const parsed = isNew
    ? v.safeParse(UserCreatePayload, input)
    : v.safeParse(UserUpdatePayload, input);
  const problems: UserProblems = parsed.success ? {} : problemsOf(parsed.issues, fieldOfKey, input);
  const photo = photoProblem(values.photo);
  if (photo) problems.photo = photo;
  if (Object.keys(problems).length > 0 || !parsed.success) return { ok: false, problems };
  return {
    ok: true,
    save: isNew
      ? { type: 'user.create', payload: parsed.output as CommandPayload<'user.create'> }
      : { type: 'user.update', payload: parsed.output },
  };
}

/** Where each refusal of the server belongs when it names no field itself. */
const REFUSAL_FIELDS: Partial<Record<ErrorName, UserField>> = {
  EMAIL_ALREADY_USED: 'email',
  INVALID_EMAIL_FORMAT: 'email',
  INVALID_PASSWORD_FORMAT: 'password',
  PASSWORDS_DO_NOT_MATCH: 'repeatPassword',
  PICTURE_TOO_BIG: 'photo',
  FILE_TYPE_NOT_ALLOWED: 'photo',
  FILE_TOO_LARGE: 'photo',
  FILE_EMPTY: 'photo',
  IMAGE_NOT_FOUND: 'photo',
  ROLE_NOT_FOUND: 'roleId',
  TEAM_NOT_FOUND: 'teamIds',
};

/**
 * Where the server's refusal of a save is shown: at the field it concerns (a taken e-mail, a photo
 * it would not take, a role or team gone meanwhile), or above the buttons (ACCESS_DENIED, a user
 * deleted meanwhile).
 */
export function userRefusal(error: ApiError | undefined): {
  field: UserField | null;
  problem: UserProblem;
} {
  const place = refusalPlace(error, fieldOfKey, REFUSAL_FIELDS);
  if (place.field && error?.name === 'FILE_TYPE_NOT_ALLOWED')
    return { field: place.field, problem: { kind: 'photoType' } };
  return place;
}

/** A problem in the user's language, as it shows under its field. */
export function userProblemText(
  problem: UserProblem,
  i18n: Pick<Translator, 't' | 'error'>,
): string {
  return problem.kind === 'photoType'
    ? i18n.t('users.error.photoType')
    : problemText(problem, i18n);
}
