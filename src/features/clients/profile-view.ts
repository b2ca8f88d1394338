import {
  STATUS_COLOURS,
  isInnerClientStatus,
  isStatusColour,
  INNER_CLIENT_STATUSES,
  type Channel,
  type Client,
  type ClientComment,
  type ClientContact,
  type ClientStatus,
  type Company,
  type InnerClientStatus,
  type User,
} from '../../protocol';

const byCreated = <T extends { createdAt: string }>(a: T, b: T) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;

/** A channel identity with the name of the channel it came from (null: a channel this browser lacks). */
export type Identity = { contact: ClientContact; channelName: string | null };

/** A profile's contacts by kind, oldest first: phones, e-mails, then channel identities. */
export function contactGroups(
  contacts: readonly ClientContact[],
  channels: readonly Channel[],
): { phones: ClientContact[]; emails: ClientContact[]; identities: Identity[] } {
  const names = new Map(channels.map((channel) => [channel.id, channel.name]));
  const sorted = [...contacts].sort(byCreated);
  return {
    phones: sorted.filter((contact) => contact.kind === 'phone'),
    emails: sorted.filter((contact) => contact.kind === 'email'),
    identities: sorted
      .filter((contact) => contact.kind === 'channel')
      .map((contact) => ({
        contact,
        channelName: (contact.channelId && names.get(contact.channelId)) || null,
      })),
  };
}

/** Comments newest first, as a conversation's notes are read: the latest on top. */
export const commentsNewestFirst = (comments: readonly ClientComment[]): ClientComment[] =>
  [...comments].sort((a, b) => byCreated(b, a));

/** A staff member deletes their own comments only; a comment of a deleted author stays. */
export const canDeleteComment = (comment: ClientComment, viewerId: string): boolean =>
  comment.authorId === viewerId;

/** A status the profile offers: an inner one (translated by key) or the organization's own. */
export type StatusChoice =
  | { value: InnerClientStatus; inner: true }
  | { value: string; inner: false; name: string; colour: string };

/**
 * The six inner statuses, then the organization's own by name. A custom status the client holds
 * but this browser no longer has (deleted meanwhile) is not offered; the profile names it unknown.
 */
export function statusChoices(statuses: readonly ClientStatus[]): StatusChoice[] {
  const custom = [...statuses]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((status): StatusChoice => ({
      value: status.id,
      inner: false,
      name: status.name,
      colour: isStatusColour(status.colour) ? STATUS_COLOURS[status.colour] : '#9E9E9E',
    }));
  return [
    ...INNER_CLIENT_STATUSES.map((value): StatusChoice => ({ value, inner: true })),
    ...custom,
  ];
}

/** The client's status as a choice, or null when it names a status this browser lacks. */
export function currentStatus(
  client: Client,
  choices: readonly StatusChoice[],
): StatusChoice | null {
  if (isInnerClientStatus(client.status)) return { value: client.status, inner: true };
  return choices.find((choice) => choice.value === client.status) ?? null;
}

/**
 * Who may be the personal manager: the organization's active users by name. The current manager
 * stays in the list even when deactivated, so the choice shows what the profile holds.
 */
export function managerChoices(users: readonly User[], currentId: string | null): User[] {
  return users
    .filter((user) => user.active || user.id === currentId)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The companies linked to the profile, in the order they were linked, and the others by name. */
export function companySides(
  client: Client,
  companies: readonly Company[],
): { linked: Company[]; others: Company[]; missing: number } {
  const byId = new Map(companies.map((company) => [company.id, company]));
  const linked = client.companyIds
    .map((id) => byId.get(id))
    .filter((company): company is Company => company !== undefined);
  const held = new Set(client.companyIds);
  const others = companies
    .filter((company) => !held.has(company.id))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { linked, others, missing: client.companyIds.length - linked.length };
}
