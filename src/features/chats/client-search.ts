import type { Client, ClientContact } from '../../protocol';

/**
 * Each client's contacts as the search compares them, built once per change of the contacts
 * table rather than at each keystroke: phones by their digits, e-mails and channel identities in
 * lower case.
 */
export type ContactIndex = ReadonlyMap<string, { digits: string[]; texts: string[] }>;

export function contactIndex(contacts: readonly ClientContact[]): ContactIndex {
  const index = new Map<string, { digits: string[]; texts: string[] }>();
  for (const contact of contacts) {
    let entry = index.get(contact.clientId);
    if (!entry) {
      entry = { digits: [], texts: [] };
      index.set(contact.clientId, entry);
    }
    if (contact.kind === 'phone') entry.digits.push(contact.value.replace(/\D/g, ''));
    else entry.texts.push(contact.value.toLowerCase());
  }
  return index;
}

const NO_CONTACTS: ContactIndex = new Map();

/**
 * How a client matches a trimmed, lower-case query: 0 when the name starts with it, 1 when the
 * name holds it, 2 when a phone holds its digits (three or more, compared by digits, so "+7 900"
 * finds "79001234567"), 3 when an e-mail or channel identity holds it or a tag starts with it;
 * -1 when it does not match. Local data only: the row's phone and e-mail, its contacts, its tags.
 */
export function clientMatchScore(
  client: Client,
  q: string,
  digits = q.replace(/\D/g, ''),
  contacts: ContactIndex = NO_CONTACTS,
): number {
  const name = client.name.toLowerCase();
  if (name.startsWith(q)) return 0;
  if (name.includes(q)) return 1;
  const held = contacts.get(client.id);
  if (digits.length >= 3) {
    // "8 912 …" is how Russian numbers are written at home; they are stored as "+7 912 …"
    // (DEFAULT_PHONE_COUNTRY of src/protocol/contact-value.ts).
    const alt = digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
    const hit = (phone: string) => phone.includes(digits) || phone.includes(alt);
    if (hit((client.phone ?? '').replace(/\D/g, ''))) return 2;
    if (held?.digits.some(hit)) return 2;
  }
  if (client.email?.toLowerCase().includes(q)) return 3;
  if (held?.texts.some((text) => text.includes(q))) return 3;
  if (client.tags.some((tag) => tag.toLowerCase().startsWith(q))) return 3;
  return -1;
}

/**
 * Clients matching what the operator typed: by name, any contact or a tag, best matches (name
 * starts) first.
 */
export function searchClients(
  clients: readonly Client[],
  query: string,
  limit = 20,
  contacts: ContactIndex = NO_CONTACTS,
): Client[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...clients].sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
  const digits = q.replace(/\D/g, '');
  const scored: { client: Client; score: number }[] = [];
  for (const client of clients) {
    const score = clientMatchScore(client, q, digits, contacts);
    if (score >= 0) scored.push({ client, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.client.name.localeCompare(b.client.name))
    .slice(0, limit)
    .map((entry) => entry.client);
}
