import * as v from 'valibot';
import {
  RoleSavePayload,
  type ApiError,
  type CommandPayload,
  type Right,
  type Role,
} from '../../protocol';
import {
  problemText,
  problemsOf,
  refusalPlace,
  type FieldProblem,
} from '../../ui/forms/field-problems';
import type { Translator } from '../../ui/i18n';
import { orderedRights, rightLabelKey } from './rights-catalog';

export type RoleSave = CommandPayload<'role.create'>;

export type RoleFormValues = { name: string; description: string; rights: Right[] };

export const ROLE_FIELDS = ['name', 'description', 'rights'] as const;
export type RoleField = (typeof ROLE_FIELDS)[number];

/** Why a value is wrong: the forms' reasons, and a right the user lacks and may not grant. */
export type RoleProblem = FieldProblem | { kind: 'notYours'; rights: Right[] };

export type RoleProblems = Partial<Record<RoleField, RoleProblem>>;

/** The editor's values for a created role being edited, or for a new one (no rights yet). */
export function roleFormDefaults(role: Role | undefined): RoleFormValues {
  return role
    ? { name: role.name, description: role.description, rights: orderedRights(role.rights) }
    : { name: '', description: '', rights: [] };
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
  const input = { roleId, ...values };
  const parsed = v.safeParse(RoleSavePayload, input);
  const problems: RoleProblems = parsed.success
    ? {}
    : problemsOf(parsed.issues, ROLE_FIELDS, input);
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
export const roleRefusal = (
  error: ApiError | undefined,
): { field: RoleField | null; problem: RoleProblem } =>
  refusalPlace<RoleField>(error, ROLE_FIELDS, { ROLE_EXISTS: 'name' });

/** A problem in the user's language. */
export function roleProblemText(
  problem: RoleProblem,
  i18n: Pick<Translator, 't' | 'error'>,
): string {
  if (problem.kind !== 'notYours') return problemText(problem, i18n);
  return i18n.t('roles.error.notYours', {
    rights: problem.rights.map((right) => i18n.t(rightLabelKey(right))).join(', '),
  });
}
