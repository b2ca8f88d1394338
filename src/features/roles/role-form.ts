import * as v from 'valibot';
import {
  RoleSavePayload,
  type ApiError,
  type CommandPayload,
  type ErrorName,
  type ErrorParams,
  type Right,
  type Role,
} from '../../protocol';
import type { Translator } from '../../ui/i18n';
import { orderedRights, rightLabelKey } from './rights-catalog';

export type RoleSave = CommandPayload<'role.create'>;

export type RoleFormValues = { name: string; description: string; rights: Right[] };

export const ROLE_FIELDS = ['name', 'description', 'rights'] as const;
export type RoleField = (typeof ROLE_FIELDS)[number];

/** Why a value is wrong, before it becomes words in the user's language. */
export type RoleProblem =
  | { kind: 'required' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'notYours'; rights: Right[] }
  | { kind: 'error'; name: ErrorName; params?: ErrorParams | undefined }
  | { kind: 'invalid' };

export type RoleProblems = Partial<Record<RoleField, RoleProblem>>;

/** The editor's values for a created role being edited, or for a new one (no rights yet). */
export function roleFormDefaults(role: Role | undefined): RoleFormValues {
  return role
    ? { name: role.name, description: role.description, rights: orderedRights(role.rights) }
    : { name: '', description: '', rights: [] };
}

const isRoleField = (key: unknown): key is RoleField =>
  typeof key === 'string' && (ROLE_FIELDS as readonly string[]).includes(key);

function problemOf(
  field: RoleField,
  issue: v.BaseIssue<unknown>,
  values: RoleFormValues,
): RoleProblem {
  if (field !== 'rights' && values[field].trim() === '') return { kind: 'required' };
  if (issue.type === 'min_length') return { kind: 'required' };
  if (issue.type === 'max_length') return { kind: 'tooLong', max: Number(issue.requirement) };
  return { kind: 'invalid' };
}

/**
 * The editor checked as the server checks `role.create` / `role.update`: the protocol schema, then
 * the two rules of the handler the schema cannot know — RIGHT_OBSERVER is never a client
 * organization's (VALIDATION_FAILED at rights), and no one grants a right they lack (ACCESS_DENIED).
 */
export function checkRoleForm(
  values: RoleFormValues,
  roleId: string,
  own: ReadonlySet<Right>,
): { ok: true; payload: RoleSave } | { ok: false; problems: RoleProblems } {
  const problems: RoleProblems = {};
  const parsed = v.safeParse(RoleSavePayload, { roleId, ...values });
  if (!parsed.success)
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      if (isRoleField(key) && !problems[key]) problems[key] = problemOf(key, issue, values);
    }
  if (!problems.rights) {
    if (values.rights.includes('RIGHT_OBSERVER')) problems.rights = { kind: 'invalid' };
    else {
      const notYours = orderedRights(values.rights.filter((right) => !own.has(right)));
      if (notYours.length > 0) problems.rights = { kind: 'notYours', rights: notYours };
    }
  }
  if (!parsed.success || Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, payload: { ...parsed.output, rights: orderedRights(parsed.output.rights) } };
}

/**
 * Where the server's refusal belongs: a taken name at the name field, a right refused as a wrong
 * value at the rights, anything else (access denied, a built-in role, a role gone or in use)
 * above the buttons.
 */
export function roleRefusal(error: ApiError | undefined): {
  field: RoleField | null;
  problem: RoleProblem;
} {
  if (!error) return { field: null, problem: { kind: 'error', name: 'UNKNOWN_ERROR' } };
  if (error.name === 'ROLE_EXISTS')
    return { field: 'name', problem: { kind: 'error', name: error.name } };
  const named = error.params?.field;
  if (error.name === 'VALIDATION_FAILED' && isRoleField(named))
    return { field: named, problem: { kind: 'invalid' } };
  return { field: null, problem: { kind: 'error', name: error.name, params: error.params } };
}

/** A problem in the user's language. */
export function roleProblemText(
  problem: RoleProblem,
  i18n: Pick<Translator, 't' | 'error'>,
): string {
  switch (problem.kind) {
    case 'required':
      return i18n.t('form.required');
    case 'tooLong':
      return i18n.t('roles.error.tooLong', { max: problem.max });
    case 'notYours':
      return i18n.t('roles.error.notYours', {
        rights: problem.rights.map((right) => i18n.t(rightLabelKey(right))).join(', '),
      });
    case 'error':
      return i18n.error(problem.name, problem.params);
    case 'invalid':
      return i18n.t('form.invalid');
  }
}
