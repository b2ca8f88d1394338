import * as v from 'valibot';
import {
  ERROR_TEXTS,
  LIMITS,
  UserCreatePayload,
  UserUpdatePayload,
  type ApiError,
  type CommandPayload,
  type ErrorName,
  type ErrorParams,
  type Right,
  type Role,
  type User,
} from '../../protocol';
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

/** Why a value is wrong, before it becomes words in the user's language. */
export type FieldProblem =
  | { kind: 'required' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'photoType' }
  | { kind: 'error'; name: ErrorName; params?: ErrorParams | undefined }
  | { kind: 'invalid' };

export type UserProblems = Partial<Record<UserField, FieldProblem>>;

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
export function photoProblem(photo: PhotoChoice): FieldProblem | null {
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

const isErrorName = (message: string): message is ErrorName => Object.hasOwn(ERROR_TEXTS, message);

function problemOf(
  field: UserField,
  issue: v.BaseIssue<unknown>,
  input: Record<string, unknown>,
): FieldProblem {
  const value = input[field];
  if (typeof value === 'string' && value.trim() === '') return { kind: 'required' };
  if (field === 'name' && issue.type === 'min_length') return { kind: 'required' };
  if (issue.type === 'max_length') return { kind: 'tooLong', max: Number(issue.requirement) };
  if (isErrorName(issue.message)) return { kind: 'error', name: issue.message };
  return { kind: 'invalid' };
}

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
  const problems: UserProblems = {};
  const photo = photoProblem(values.photo);
  if (photo) problems.photo = photo;
  const parsed = isNew
    ? v.safeParse(UserCreatePayload, input)
    : v.safeParse(UserUpdatePayload, input);
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      const field = typeof key === 'string' ? FIELD_OF_KEY[key] : undefined;
      if (field && !problems[field]) problems[field] = problemOf(field, issue, input);
    }
  }
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
  problem: FieldProblem;
} {
  if (!error) return { field: null, problem: { kind: 'error', name: 'UNKNOWN_ERROR' } };
  const named = error.params?.field;
  const field =
    REFUSAL_FIELDS[error.name] ?? (typeof named === 'string' ? FIELD_OF_KEY[named] : undefined);
  if (!field)
    return { field: null, problem: { kind: 'error', name: error.name, params: error.params } };
  if (error.name === 'FILE_TYPE_NOT_ALLOWED') return { field, problem: { kind: 'photoType' } };
  if (error.name === 'VALIDATION_FAILED') return { field, problem: { kind: 'invalid' } };
  return { field, problem: { kind: 'error', name: error.name, params: error.params } };
}

/** A problem in the user's language, as it shows under its field. */
export function problemText(problem: FieldProblem, i18n: Pick<Translator, 't' | 'error'>): string {
  switch (problem.kind) {
    case 'required':
      return i18n.t('form.required');
    case 'tooLong':
      return i18n.t('users.error.tooLong', { max: problem.max });
    case 'photoType':
      return i18n.t('users.error.photoType');
    case 'error':
      return i18n.error(problem.name, problem.params);
    case 'invalid':
      return i18n.t('form.invalid');
  }
}
