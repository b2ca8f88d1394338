import * as v from 'valibot';
import {
  LIMITS,
  TeamSavePayload,
  type ApiError,
  type CommandPayload,
  type Team,
} from '../../protocol';
import { problemsOf, refusalPlace, type FieldProblem } from '../../ui/forms/field-problems';

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

/** The bounds each number field is told with, from the same limits the schema holds. */
const NUMBER_RANGES: Partial<Record<TeamField, { min: number; max: number }>> = {
  dialogLimit: { min: LIMITS.dialogLimitMin, max: LIMITS.dialogLimitMax },
  redistributionMinutes: { min: 1, max: LIMITS.redistributionMinutesMax },
  autoCloseMinutes: { min: 1, max: LIMITS.autoCloseMinutesMax },
};

/** A number out of its range is told with the range; the inactivity time wants whole minutes. */
function numberProblem(field: TeamField, issue: v.BaseIssue<unknown>): FieldProblem | undefined {
  const range = NUMBER_RANGES[field];
  if (range) return { kind: 'range', ...range };
  if (field === 'inactivityMinutes' && (issue.type === 'integer' || issue.type === 'number'))
    return { kind: 'wholeNumber' };
  return undefined;
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
  return { ok: false, problems: problemsOf(parsed.issues, TEAM_FIELDS, input, numberProblem) };
}

/**
 * Where the server's refusal of a save belongs: at the field it names (a taken name, an inactivity
 * time, a value the server judged wrong), or above the buttons when it concerns the whole team.
 */
export const teamRefusal = (error: ApiError | undefined) =>
  refusalPlace<TeamField>(error, TEAM_FIELDS, {
    TEAM_EXISTS: 'name',
    INACTIVITY_TIME_INVALID: 'inactivityMinutes',
  });
