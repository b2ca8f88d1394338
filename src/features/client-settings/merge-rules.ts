import type { Client, ClientContact } from '../../protocol';
import {
  mergeClientRows,
  type MergeableClient,
  type MergeChoices,
} from '../../protocol/client-merge';

/** Which profile's value a merge keeps (`client.merge`'s choices). */
export type Side = 'survivor' | 'merged';

/** A field the two profiles disagree on: one of the profile's own, or an additional field by name. */
export type Conflict =
  | { key: 'name' | 'status' | 'personalManagerId'; survivor: string | null; merged: string | null }
  | { key: 'field'; name: string; survivor: string; merged: string };

/** A conflict's identity within the form, e.g. `name` or `field:Size`. */
export const conflictId = (conflict: Conflict): string =>
  conflict.key === 'field' ? `field:${conflict.name}` : conflict.key;

type Profile = Pick<Client, 'name' | 'status' | 'personalManagerId' | 'fields'>;

/**
 * Where two profiles disagree and the user must choose: the name, the status and the personal
 * manager when they differ, and each additional field both hold with different values. A field
 * only one holds is no conflict: it is kept as it is (as are contacts, tags and companies, united).
 */
export function mergeConflicts(survivor: Profile, merged: Profile): Conflict[] {
  const conflicts: Conflict[] = [];
  for (const key of ['name', 'status', 'personalManagerId'] as const) {
    if (survivor[key] !== merged[key])
      conflicts.push({ key, survivor: survivor[key], merged: merged[key] });
  }
  // Field names are one regardless of case, as the server's rule (mergeClientRows) takes them.
  const mergedFields = new Map(
    merged.fields.map((field) => [field.name.toLowerCase(), field.value]),
  );
  for (const field of survivor.fields) {
    const other = mergedFields.get(field.name.toLowerCase());
    if (other !== undefined && other !== field.value)
      conflicts.push({ key: 'field', name: field.name, survivor: field.value, merged: other });
  }
  return conflicts;
}

/**
 * The side a conflict starts on: the survivor's, unless the survivor has nothing there (no
 * personal manager) and the other profile has, so a merge with defaults loses no value.
 */
export const defaultSide = (conflict: Conflict): Side =>
  conflict.survivor === null && conflict.merged !== null ? 'merged' : 'survivor';

/** The user's choice per conflict id; a conflict not in it keeps its default side. */
export type Choices = Readonly<Record<string, Side>>;

export const sideOf = (conflict: Conflict, choices: Choices): Side =>
  choices[conflictId(conflict)] ?? defaultSide(conflict);

/**
 * `client.merge`'s payload: the two ids and a side for each of the profile's own fields (the
 * survivor's where they agree) and for each additional field both hold with different values.
 */
export function mergePayload(
  survivorId: string,
  mergedId: string,
  conflicts: readonly Conflict[],
  choices: Choices,
) {
  const chosen: MergeChoices = {
    name: 'survivor',
    status: 'survivor',
    personalManagerId: 'survivor',
    fields: [],
  };
  for (const conflict of conflicts) {
    const side = sideOf(conflict, choices);
    if (conflict.key === 'field') chosen.fields.push({ name: conflict.name, side });
    else chosen[conflict.key] = side;
  }
  return { survivorId, mergedId, choices: chosen };
}

/** What the survivor will hold after the merge, as the preview shows it. */
export type MergePreview = MergeableClient & {
  contacts: Pick<ClientContact, 'kind' | 'value' | 'channelId'>[];
};

const contactKey = (contact: Pick<ClientContact, 'kind' | 'value' | 'channelId'>) =>
  `${contact.kind}\u0000${contact.channelId ?? ''}\u0000${contact.value}`;

/**
 * The merged profile before it is sent, by the very rule the server applies (`mergeClientRows`:
 * the chosen side of each conflict; tags, companies and fields of both), with the contacts of both
 * united as they will be once they move to the survivor.
 */
export function mergePreview(
  survivor: Client,
  merged: Client,
  survivorContacts: readonly ClientContact[],
  mergedContacts: readonly ClientContact[],
  choices: Choices,
): MergePreview {
  const { choices: sides } = mergePayload(
    survivor.id,
    merged.id,
    mergeConflicts(survivor, merged),
    choices,
  );
  const row = mergeClientRows(survivor, merged, sides);
  const contacts: MergePreview['contacts'] = [];
  const seen = new Set<string>();
  for (const contact of [...survivorContacts, ...mergedContacts]) {
    const key = contactKey(contact);
    if (seen.has(key)) continue;
    seen.add(key);
    contacts.push({ kind: contact.kind, value: contact.value, channelId: contact.channelId });
  }
  return {
    name: row.name,
    status: row.status,
    personalManagerId: row.personalManagerId,
    tags: row.tags,
    companyIds: row.companyIds,
    fields: row.fields,
    spam: row.spam,
    contacts,
  };
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** A query written as a phone is: digits with the usual separators, at least three digits. */
const PHONE_QUERY = /^[\d\s()+-]+$/;

/** How many profiles the search lists at most: enough to pick from, few enough to read. */
export const SEARCH_RESULTS_MAX = 20;

/**
 * Profiles matching what the user typed, from local data only: a part of the name or e-mail
 * (regardless of case), or, for a query written as a phone, its digits found in the phone ("912 123"
 * finds +79121234567; "Visitor 1234" is a name, not a phone). `except`
 * leaves out the profile already chosen on the other side. Empty for an empty query.
 */
export function searchClients(
  clients: Iterable<Pick<Client, 'id' | 'name' | 'phone' | 'email'>>,
  query: string,
  except: string | undefined,
): Pick<Client, 'id' | 'name' | 'phone' | 'email'>[] {
  const text = query.trim().toLocaleLowerCase();
  if (text === '') return [];
  const digits = PHONE_QUERY.test(text) ? digitsOf(text) : '';
  const found: Pick<Client, 'id' | 'name' | 'phone' | 'email'>[] = [];
  for (const client of clients) {
    if (client.id === except) continue;
    const matches =
      client.name.toLocaleLowerCase().includes(text) ||
      (client.email?.toLocaleLowerCase().includes(text) ?? false) ||
      (digits.length >= 3 && client.phone !== null && digitsOf(client.phone).includes(digits));
    if (matches) found.push(client);
  }
  return found
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
    .slice(0, SEARCH_RESULTS_MAX);
}
