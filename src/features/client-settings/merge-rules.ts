import type { Client, ClientContact, ClientField } from '../../protocol';

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
  const mergedFields = new Map(merged.fields.map((field) => [field.name, field.value]));
  for (const field of survivor.fields) {
    const other = mergedFields.get(field.name);
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

/** `client.merge`'s payload: the two ids and a side for each conflict (fields by name). */
export function mergePayload(
  survivorId: string,
  mergedId: string,
  conflicts: readonly Conflict[],
  choices: Choices,
) {
  const chosen: {
    name?: Side;
    status?: Side;
    personalManagerId?: Side;
    fields: { name: string; side: Side }[];
  } = { fields: [] };
  for (const conflict of conflicts) {
    const side = sideOf(conflict, choices);
    if (conflict.key === 'field') chosen.fields.push({ name: conflict.name, side });
    else chosen[conflict.key] = side;
  }
  return { survivorId, mergedId, choices: chosen };
}

/** What the survivor will hold after the merge, as the preview shows it. */
export type MergePreview = {
  name: string;
  status: string;
  personalManagerId: string | null;
  tags: string[];
  companyIds: string[];
  fields: ClientField[];
  contacts: Pick<ClientContact, 'kind' | 'value' | 'channelId'>[];
};

const contactKey = (contact: Pick<ClientContact, 'kind' | 'value' | 'channelId'>) =>
  `${contact.kind}\u0000${contact.channelId ?? ''}\u0000${contact.value}`;

/**
 * The merged profile before it is sent: the chosen side of each conflict; tags (one per spelling
 * regardless of case, as PROFILE_TAG_EXISTS treats them), companies and contacts united; every
 * additional field of either, the chosen value where both hold one.
 */
export function mergePreview(
  survivor: Profile & Pick<Client, 'tags' | 'companyIds'>,
  merged: Profile & Pick<Client, 'tags' | 'companyIds'>,
  survivorContacts: readonly ClientContact[],
  mergedContacts: readonly ClientContact[],
  choices: Choices,
): MergePreview {
  const conflicts = mergeConflicts(survivor, merged);
  const pick = <K extends 'name' | 'status' | 'personalManagerId'>(key: K): Profile[K] => {
    const conflict = conflicts.find((c) => c.key === key);
    return conflict && sideOf(conflict, choices) === 'merged' ? merged[key] : survivor[key];
  };

  const tags: string[] = [];
  const seenTags = new Set<string>();
  for (const tag of [...survivor.tags, ...merged.tags]) {
    const folded = tag.toLocaleLowerCase();
    if (seenTags.has(folded)) continue;
    seenTags.add(folded);
    tags.push(tag);
  }

  const fields = survivor.fields.map((field) => {
    const conflict = conflicts.find((c) => c.key === 'field' && c.name === field.name);
    return conflict && sideOf(conflict, choices) === 'merged'
      ? { name: field.name, value: conflict.merged ?? field.value }
      : field;
  });
  const survivorFieldNames = new Set(survivor.fields.map((field) => field.name));
  for (const field of merged.fields) if (!survivorFieldNames.has(field.name)) fields.push(field);

  const contacts: MergePreview['contacts'] = [];
  const seenContacts = new Set<string>();
  for (const contact of [...survivorContacts, ...mergedContacts]) {
    const key = contactKey(contact);
    if (seenContacts.has(key)) continue;
    seenContacts.add(key);
    contacts.push({ kind: contact.kind, value: contact.value, channelId: contact.channelId });
  }

  return {
    name: pick('name'),
    status: pick('status'),
    personalManagerId: pick('personalManagerId'),
    tags,
    companyIds: [...new Set([...survivor.companyIds, ...merged.companyIds])],
    fields,
    contacts,
  };
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** How many profiles the search lists at most: enough to pick from, few enough to read. */
export const SEARCH_RESULTS_MAX = 20;

/**
 * Profiles matching what the user typed, from local data only: a part of the name or e-mail
 * (regardless of case), or digits found in the phone ("912 123" finds +79121234567). `except`
 * leaves out the profile already chosen on the other side. Empty for an empty query.
 */
export function searchClients(
  clients: Iterable<Pick<Client, 'id' | 'name' | 'phone' | 'email'>>,
  query: string,
  except: string | undefined,
): Pick<Client, 'id' | 'name' | 'phone' | 'email'>[] {
  const text = query.trim().toLocaleLowerCase();
  if (text === '') return [];
  const digits = digitsOf(text);
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
