import * as v from 'valibot';
import {
  BlacklistAddPayload,
  CONTACT_KINDS,
  type ApiError,
  type ContactKind,
} from '../../protocol';
import { normalizeContact } from '../../protocol/contact-value';
import { problemsOf, refusalPlace, type FieldProblem } from '../../ui/forms/field-problems';

export type BlacklistAdd = v.InferOutput<typeof BlacklistAddPayload>;

/** What the add panel holds: what kind of contact, its value as typed, and a channel for an identity. */
export type BlacklistFormValues = { kind: ContactKind; value: string; channelId: string };

export const BLACKLIST_FIELDS = ['kind', 'value', 'channelId'] as const;
export type BlacklistField = (typeof BLACKLIST_FIELDS)[number];
export type BlacklistProblems = Partial<Record<BlacklistField, FieldProblem>>;

export const blacklistFormDefaults = (): BlacklistFormValues => ({
  kind: 'phone',
  value: '',
  channelId: '',
});

export const isContactKind = (kind: string): kind is ContactKind =>
  (CONTACT_KINDS as readonly string[]).includes(kind);

/**
 * The panel checked as the server will: the payload's schema, a channel for a channel identity,
 * and the value normalised as contacts are (a phone to E.164, an e-mail in lower case), so the
 * entry matches what the channels deliver and a wrong phone is INVALID_PHONE before it is sent.
 */
export function checkBlacklistForm(
  values: BlacklistFormValues,
  entryId: string,
): { ok: true; payload: BlacklistAdd } | { ok: false; problems: BlacklistProblems } {
  const input = {
    entryId,
    kind: values.kind,
    value: values.value,
    channelId: values.kind === 'channel' ? values.channelId || null : null,
  };
  const parsed = v.safeParse(BlacklistAddPayload, input);
  const problems: BlacklistProblems = parsed.success
    ? {}
    : problemsOf(parsed.issues, BLACKLIST_FIELDS, input);
  if (values.kind === 'channel' && values.channelId === '')
    problems.channelId = { kind: 'required' };
  let value = values.value.trim();
  if (!problems.value) {
    const normal = normalizeContact(values.kind, values.value);
    if (normal.ok) value = normal.value;
    else problems.value = { kind: 'error', name: normal.error };
  }
  if (!parsed.success || Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, payload: { ...parsed.output, value } };
}

/**
 * Where the server's refusal of an entry shows: a wrong or already listed value at the value, a
 * channel at the channel.
 */
export const blacklistRefusal = (error: ApiError | undefined) =>
  refusalPlace<BlacklistField>(error, BLACKLIST_FIELDS, {
    INVALID_PHONE: 'value',
    INVALID_EMAIL_FORMAT: 'value',
    BLACKLIST_ENTRY_EXISTS: 'value',
    CHANNEL_NOT_FOUND: 'channelId',
  });
