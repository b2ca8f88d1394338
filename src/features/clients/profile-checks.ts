import * as v from 'valibot';
import {
  ClientAddCommentPayload,
  ClientFieldPayload,
  ClientTagPayload,
  ClientUpdatePayload,
  CompanyCreatePayload,
  type ClientContact,
  type ClientField,
  type Company,
  type ErrorName,
} from '../../protocol';
// Not in the protocol's index: the phone metadata loads with the profile, never with the first paint.
import { normalizeContact } from '../../protocol/contact-value';
import { problemsOf, type FieldProblem } from '../../ui/forms/field-problems';

/** Why a profile input is wrong: a form problem, or a tag that breaks the tag rule (spec §5). */
export type ProfileProblem = FieldProblem | { kind: 'tagFormat' };

type Checked<T> = { ok: true; payload: T } | { ok: false; problem: ProfileProblem };

const exists = (name: ErrorName): { ok: false; problem: ProfileProblem } => ({
  ok: false,
  problem: { kind: 'error', name },
});
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The first problem a schema found with one field of the input. */
function firstProblem(
  issues: readonly v.BaseIssue<unknown>[],
  field: string,
  input: Record<string, unknown>,
): FieldProblem {
  return problemsOf(issues, [field], input)[field] ?? { kind: 'invalid' };
}

/**
 * A tag as typed, checked with the server's own schema and against the profile's tags ("VIP" and
 * "vip" are one tag). A text with other characters than the rule allows is told with the rule.
 */
export function checkTag(
  clientId: string,
  raw: string,
  tags: readonly string[],
): Checked<v.InferOutput<typeof ClientTagPayload>> {
  const input = { clientId, tag: raw };
  const parsed = v.safeParse(ClientTagPayload, input);
  if (!parsed.success) {
    const problem = firstProblem(parsed.issues, 'tag', input);
    return { ok: false, problem: problem.kind === 'invalid' ? { kind: 'tagFormat' } : problem };
  }
  if (tags.some((tag) => same(tag, parsed.output.tag))) return exists('PROFILE_TAG_EXISTS');
  return { ok: true, payload: parsed.output };
}

/** An additional field: its name is unique on the profile (PROFILE_FIELD_EXISTS). */
export function checkField(
  clientId: string,
  name: string,
  value: string,
  fields: readonly ClientField[],
):
  | { ok: true; payload: v.InferOutput<typeof ClientFieldPayload> }
  | {
      ok: false;
      field: 'name' | 'value';
      problem: ProfileProblem;
    } {
  const input = { clientId, name, value };
  const parsed = v.safeParse(ClientFieldPayload, input);
  if (!parsed.success) {
    const problems = problemsOf(parsed.issues, ['name', 'value'] as const, input);
    const field = problems.name ? 'name' : 'value';
    return { ok: false, field, problem: problems[field] ?? { kind: 'invalid' } };
  }
  if (fields.some((held) => same(held.name, parsed.output.name)))
    return { ok: false, field: 'name', problem: { kind: 'error', name: 'PROFILE_FIELD_EXISTS' } };
  return { ok: true, payload: parsed.output };
}

/** A field's new value, for `client.updateField` (the name stays). */
export function checkFieldValue(
  clientId: string,
  name: string,
  value: string,
): Checked<v.InferOutput<typeof ClientFieldPayload>> {
  const input = { clientId, name, value };
  const parsed = v.safeParse(ClientFieldPayload, input);
  if (!parsed.success) return { ok: false, problem: firstProblem(parsed.issues, 'value', input) };
  return { ok: true, payload: parsed.output };
}

/**
 * A phone or e-mail typed on the profile, normalised as the server will store it: a phone that is
 * no number is INVALID_PHONE, a wrong e-mail INVALID_EMAIL_FORMAT, one the profile already has
 * PROFILE_CONTACT_EXISTS. What is sent is the text as typed; the server normalises it again.
 */
export function checkContact(
  clientId: string,
  contactId: string,
  kind: 'phone' | 'email',
  raw: string,
  contacts: readonly ClientContact[],
): Checked<{ contactId: string; clientId: string; kind: 'phone' | 'email'; value: string }> {
  const value = raw.trim();
  if (!value) return { ok: false, problem: { kind: 'required' } };
  if (value.length > 254) return { ok: false, problem: { kind: 'tooLong', max: 254 } };
  const normal = normalizeContact(kind, value);
  if (!normal.ok) return { ok: false, problem: { kind: 'error', name: normal.error } };
  if (contacts.some((contact) => contact.kind === kind && contact.value === normal.value))
    return exists('PROFILE_CONTACT_EXISTS');
  return { ok: true, payload: { contactId, clientId, kind, value } };
}

export function checkComment(
  clientId: string,
  commentId: string,
  text: string,
): Checked<v.InferOutput<typeof ClientAddCommentPayload>> {
  const input = { clientId, commentId, text };
  const parsed = v.safeParse(ClientAddCommentPayload, input);
  if (!parsed.success) return { ok: false, problem: firstProblem(parsed.issues, 'text', input) };
  return { ok: true, payload: parsed.output };
}

export function checkName(
  clientId: string,
  name: string,
): Checked<v.InferOutput<typeof ClientUpdatePayload>> {
  const input = { clientId, name };
  const parsed = v.safeParse(ClientUpdatePayload, input);
  if (!parsed.success) return { ok: false, problem: firstProblem(parsed.issues, 'name', input) };
  return { ok: true, payload: parsed.output };
}

/**
 * A company created from the profile and linked to it at once. Its CRM id is unique in the
 * organization (OUTER_COMPANY_EXISTS), checked here against the companies this browser holds.
 */
export function checkCompany(
  clientId: string,
  companyId: string,
  name: string,
  outerId: string,
  companies: readonly Company[],
):
  | { ok: true; payload: v.InferOutput<typeof CompanyCreatePayload> }
  | {
      ok: false;
      field: 'name' | 'outerId';
      problem: ProfileProblem;
    } {
  const input = { companyId, clientId, name, outerId: outerId.trim() === '' ? null : outerId };
  const parsed = v.safeParse(CompanyCreatePayload, input);
  if (!parsed.success) {
    const problems = problemsOf(parsed.issues, ['name', 'outerId'] as const, input);
    const field = problems.name ? 'name' : 'outerId';
    return { ok: false, field, problem: problems[field] ?? { kind: 'invalid' } };
  }
  const outer = parsed.output.outerId;
  if (outer !== null && companies.some((company) => company.outerId === outer))
    return {
      ok: false,
      field: 'outerId',
      problem: { kind: 'error', name: 'OUTER_COMPANY_EXISTS' },
    };
  return { ok: true, payload: parsed.output };
}
