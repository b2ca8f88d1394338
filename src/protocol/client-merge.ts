import type { ClientField } from './entities/client';
import type { CommandPayload } from './commands';

/** What a merge decides about a profile: every part of the row that is not its identity. */
export type MergeableClient = {
  name: string;
  status: string;
  personalManagerId: string | null;
  tags: string[];
  fields: ClientField[];
  companyIds: string[];
  spam: boolean;
};

export type MergeChoices = CommandPayload<'client.merge'>['choices'];

const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** Items of both lists, the first list's first, dropping any the key already met. */
function union<T>(first: readonly T[], second: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of [...first, ...second]) {
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(item);
  }
  return out;
}

/**
 * The survivor's row after a merge (spec §2 "contact merge"): name, status and personal manager
 * from the side the user chose; tags and companies from both (a tag differing only in case is
 * one, the survivor's spelling kept); additional fields from both, where a name both hold takes
 * the side `choices.fields` names for it (the survivor's when it names none); spam when either
 * was. Contacts, comments and chats are rows of their own and move apart from this.
 */
export function mergeClientRows<T extends MergeableClient>(
  survivor: T,
  merged: MergeableClient,
  choices: MergeChoices,
): T {
  const pick = <K extends 'name' | 'status' | 'personalManagerId'>(key: K): T[K] =>
    (choices[key] === 'merged' ? merged[key] : survivor[key]) as T[K];
  const fieldSide = (name: string) =>
    choices.fields.find((choice) => sameName(choice.name, name))?.side ?? 'survivor';
  const fields = survivor.fields.map((field) => {
    const theirs = merged.fields.find((other) => sameName(other.name, field.name));
    return theirs && fieldSide(field.name) === 'merged' ? theirs : field;
  });
  const fieldsOnlyMerged = merged.fields.filter(
    (field) => !survivor.fields.some((own) => sameName(own.name, field.name)),
  );
  return {
    ...survivor,
    name: pick('name'),
    status: pick('status'),
    personalManagerId: pick('personalManagerId'),
    tags: union(survivor.tags, merged.tags, (tag) => tag.toLowerCase()),
    companyIds: union(survivor.companyIds, merged.companyIds, (id) => id),
    fields: [...fields, ...fieldsOnlyMerged],
    spam: survivor.spam || merged.spam,
  };
}
