import * as v from 'valibot';
import {
  ERROR_TEXTS,
  LIMITS,
  TeamSavePayload,
  type ApiError,
  type CommandPayload,
  type ErrorName,
  type ErrorParams,
  type Team,
} from '../../protocol';
import type { Translator } from '../../ui/i18n';

export type TeamSave = CommandPayload<'team.create'>;

/**
 * What the team side panel holds: inputs as the browser gives them (text), and a switch for each
 * setting that may be off (redistribution, auto-close), so an empty box never silently means "off".
 */
export type TeamFormValues = {
  name: string;
  description: string;
  distributionMethod: string;
  dialogLimit: string;
  redistributionOn: boolean;
  redistributionMinutes: string;
  autoCloseOn: boolean;
  autoCloseMinutes: string;
  unattendedCloseHours: string;
  inactivityMinutes: string;
};

/** The panel's fields that can be wrong, each shown with its own error. */
export const TEAM_FIELDS = [
  'name',
  'description',
  'distributionMethod',
  'dialogLimit',
  'redistributionMinutes',
  'autoCloseMinutes',
  'unattendedCloseHours',
  'inactivityMinutes',
] as const;
export type TeamField = (typeof TEAM_FIELDS)[number];

/** Why a value is wrong, before it becomes words in the user's language. */
export type FieldProblem =
  | { kind: 'required' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'wholeNumber' }
  | { kind: 'error'; name: ErrorName; params?: ErrorParams | undefined }
  | { kind: 'invalid' };

export type TeamProblems = Partial<Record<TeamField, FieldProblem>>;

/**
 * A new team starts as most support teams do: round robin, the database's default limit of five
 * dialogs, and every timer off until the administrator chooses one.
 */
const NEW_TEAM: TeamFormValues = {
  name: '',
  description: '',
  distributionMethod: 'round_robin',
  dialogLimit: '5',
  redistributionOn: false,
  redistributionMinutes: '10',
  autoCloseOn: false,
  autoCloseMinutes: '60',
  unattendedCloseHours: '0',
  inactivityMinutes: '0',
};

/** The panel's values for a team being edited, or for a new one. */
export function teamFormDefaults(team: Team | undefined): TeamFormValues {
  if (!team) return { ...NEW_TEAM };
  return {
    name: team.name,
    description: team.description,
    distributionMethod: team.distributionMethod,
    dialogLimit: String(team.dialogLimit),
    redistributionOn: team.redistributionMinutes !== null,
    redistributionMinutes: String(team.redistributionMinutes ?? NEW_TEAM.redistributionMinutes),
    autoCloseOn: team.autoCloseMinutes !== null,
    autoCloseMinutes: String(team.autoCloseMinutes ?? NEW_TEAM.autoCloseMinutes),
    unattendedCloseHours: String(team.unattendedCloseHours),
    inactivityMinutes: String(team.inactivityMinutes),
  };
}

/** A typed number as the schema should judge it: an empty box is missing, "2.5" stays 2.5. */
const asNumber = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text.trim());

/** The values as the command's payload before the schema looks at them. */
export function teamSaveInput(values: TeamFormValues, teamId: string): Record<string, unknown> {
  return {
    teamId,
    name: values.name,
    description: values.description,
    distributionMethod: values.distributionMethod,
    dialogLimit: asNumber(values.dialogLimit),
    redistributionMinutes: values.redistributionOn ? asNumber(values.redistributionMinutes) : null,
    autoCloseMinutes: values.autoCloseOn ? asNumber(values.autoCloseMinutes) : null,
    unattendedCloseHours: asNumber(values.unattendedCloseHours),
    inactivityMinutes: asNumber(values.inactivityMinutes),
  };
}

const isTeamField = (key: unknown): key is TeamField =>
  typeof key === 'string' && (TEAM_FIELDS as readonly string[]).includes(key);

const isErrorName = (message: string): message is ErrorName => Object.hasOwn(ERROR_TEXTS, message);

/** The bounds each number field is told with, from the same limits the schema holds. */
const NUMBER_RANGES: Partial<Record<TeamField, { min: number; max: number }>> = {
  dialogLimit: { min: LIMITS.dialogLimitMin, max: LIMITS.dialogLimitMax },
  redistributionMinutes: { min: 1, max: LIMITS.redistributionMinutesMax },
  autoCloseMinutes: { min: 1, max: LIMITS.autoCloseMinutesMax },
};

function problemOf(
  field: TeamField,
  issue: v.BaseIssue<unknown>,
  input: Record<string, unknown>,
): FieldProblem {
  const value = input[field];
  if (value === undefined || (typeof value === 'string' && value.trim() === ''))
    return { kind: 'required' };
  if (issue.type === 'min_length') return { kind: 'required' };
  if (issue.type === 'max_length') return { kind: 'tooLong', max: Number(issue.requirement) };
  const range = NUMBER_RANGES[field];
  if (range) return { kind: 'range', ...range };
  if (field === 'inactivityMinutes') {
    if (issue.type === 'integer' || issue.type === 'number') return { kind: 'wholeNumber' };
    if (isErrorName(issue.message)) return { kind: 'error', name: issue.message };
  }
  return { kind: 'invalid' };
}

/**
 * The panel checked with the very schema the server parses `team.create` / `team.update` with:
 * the payload to send, or the first problem of each wrong field.
 */
export function checkTeamForm(
  values: TeamFormValues,
  teamId: string,
): { ok: true; payload: TeamSave } | { ok: false; problems: TeamProblems } {
  const input = teamSaveInput(values, teamId);
  const parsed = v.safeParse(TeamSavePayload, input);
  if (parsed.success) return { ok: true, payload: parsed.output };
  const problems: TeamProblems = {};
  for (const issue of parsed.issues) {
    const key = issue.path?.[0]?.key;
    if (isTeamField(key) && !problems[key]) problems[key] = problemOf(key, issue, input);
  }
  return { ok: false, problems };
}

/**
 * Where the server's refusal of a save belongs: at the field it names (a taken name, an inactivity
 * time, a value the server judged wrong), or above the buttons when it concerns the whole team.
 */
export function teamRefusal(error: ApiError | undefined): {
  field: TeamField | null;
  problem: FieldProblem;
} {
  if (!error) return { field: null, problem: { kind: 'error', name: 'UNKNOWN_ERROR' } };
  if (error.name === 'TEAM_EXISTS')
    return { field: 'name', problem: { kind: 'error', name: error.name } };
  if (error.name === 'INACTIVITY_TIME_INVALID')
    return { field: 'inactivityMinutes', problem: { kind: 'error', name: error.name } };
  const named = error.params?.field;
  if (error.name === 'VALIDATION_FAILED' && isTeamField(named))
    return { field: named, problem: { kind: 'invalid' } };
  return { field: null, problem: { kind: 'error', name: error.name, params: error.params } };
}

/** A problem in the user's language, as it shows under its field. */
export function problemText(problem: FieldProblem, i18n: Pick<Translator, 't' | 'error'>): string {
  switch (problem.kind) {
    case 'required':
      return i18n.t('form.required');
    case 'tooLong':
      return i18n.t('teams.error.tooLong', { max: problem.max });
    case 'range':
      return i18n.t('teams.error.range', { min: problem.min, max: problem.max });
    case 'wholeNumber':
      return i18n.t('teams.error.wholeNumber');
    case 'error':
      return i18n.error(problem.name, problem.params);
    case 'invalid':
      return i18n.t('form.invalid');
  }
}
