import * as v from 'valibot';
import {
  ClientStatusSavePayload,
  isStatusColour,
  type ApiError,
  type ClientStatus,
} from '../../protocol';
import { problemsOf, refusalPlace, type FieldProblem } from '../../ui/forms/field-problems';

export type StatusSave = v.InferOutput<typeof ClientStatusSavePayload>;

/** What the status side panel holds: the name as typed and the chosen colour's name ('' for none). */
export type StatusFormValues = { name: string; colour: string };

export const STATUS_FIELDS = ['name', 'colour'] as const;
export type StatusField = (typeof STATUS_FIELDS)[number];
export type StatusProblems = Partial<Record<StatusField, FieldProblem>>;

/**
 * The panel's values for a status being edited, or for a new one. A new status has no colour
 * chosen: spec §5 makes the colour required, so the administrator picks it rather than keeping a
 * default they may not have noticed.
 */
export function statusFormDefaults(status: ClientStatus | undefined): StatusFormValues {
  return status ? { name: status.name, colour: status.colour } : { name: '', colour: '' };
}

/**
 * The panel checked with the schema the server parses `clientStatus.create` / `.update` with, and
 * the palette it checks the colour against: the payload to send, or each wrong field's problem.
 */
export function checkStatusForm(
  values: StatusFormValues,
  statusId: string,
): { ok: true; payload: StatusSave } | { ok: false; problems: StatusProblems } {
  const input = { statusId, name: values.name, colour: values.colour };
  const parsed = v.safeParse(ClientStatusSavePayload, input);
  const problems: StatusProblems = parsed.success
    ? {}
    : problemsOf(parsed.issues, STATUS_FIELDS, input);
  if (values.colour === '') problems.colour = { kind: 'required' };
  else if (!isStatusColour(values.colour))
    problems.colour = { kind: 'error', name: 'COLOR_NOT_FOUND' };
  if (parsed.success && Object.keys(problems).length === 0)
    return { ok: true, payload: parsed.output };
  return { ok: false, problems };
}

/** Where the server's refusal of a save shows: a taken name at the name, a colour at the palette. */
export const statusRefusal = (error: ApiError | undefined) =>
  refusalPlace<StatusField>(error, STATUS_FIELDS, {
    PROFILE_STATUS_EXISTS: 'name',
    COLOR_NOT_FOUND: 'colour',
  });
