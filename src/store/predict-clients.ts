import { isStatusColour, normalizeEmail, type SyncTable } from '../protocol';
import type { AnyRow, OutboxRow, SyncRows } from './tables';

type Pending = Pick<OutboxRow, 'type' | 'payload' | 'createdAt'>;
type Key = { table: SyncTable; key: string };
type Client = SyncRows['clients'];

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const trimmed = (value: unknown): string => str(value).trim();
const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * The rows each command of the clients area changes, keyed by the ids in its payload. A merge is
 * not predicted: what the survivor becomes depends on both profiles, their contacts, comments and
 * chats, which no prediction of one row can know; the merge screen waits for the server's event
 * (docs/client-profiles.md, "Browser").
 */
export function clientKeys(command: Pick<Pending, 'type' | 'payload'>): Key[] {
  const p = command.payload;
  switch (command.type) {
    case 'client.create':
    case 'client.update':
    case 'client.setSpam':
    case 'client.addTag':
    case 'client.removeTag':
    case 'client.addField':
    case 'client.updateField':
    case 'client.removeField':
    case 'client.linkCompany':
    case 'client.unlinkCompany':
      return [{ table: 'clients', key: str(p.clientId) }];
    case 'client.addContact':
      return [
        { table: 'clientContacts', key: str(p.contactId) },
        { table: 'clients', key: str(p.clientId) },
      ];
    case 'client.removeContact':
      return [{ table: 'clientContacts', key: str(p.contactId) }];
    case 'client.addComment':
    case 'client.deleteComment':
      return [{ table: 'clientComments', key: str(p.commentId) }];
    case 'company.create': {
      const keys: Key[] = [{ table: 'companies', key: str(p.companyId) }];
      if (typeof p.clientId === 'string') keys.push({ table: 'clients', key: p.clientId });
      return keys;
    }
    case 'clientStatus.create':
    case 'clientStatus.update':
    case 'clientStatus.delete':
      return [{ table: 'clientStatuses', key: str(p.statusId) }];
    case 'blacklist.add':
    case 'blacklist.remove':
      return [{ table: 'blacklist', key: str(p.entryId) }];
    default:
      return [];
  }
}

/**
 * A contact as the browser shows it until the server's row comes: an e-mail normalised as the
 * server will store it, a phone as typed. Reading a phone as E.164 needs libphonenumber's metadata,
 * which the store (on every screen's first paint) does without; the server's row, under the same
 * id, replaces the typed phone a moment after it is sent.
 */
export const shownContact = (kind: string, value: string): string =>
  kind === 'email' ? normalizeEmail(value) : value.trim();

function predictClient(command: Pending, row: Client | undefined): Client | undefined {
  const p = command.payload;
  const at = command.createdAt;
  if (command.type === 'client.create') {
    if (row) return row; // the server's copy is already here
    const phone = trimmed(p.phone);
    const email = trimmed(p.email);
    return {
      id: str(p.clientId),
      name: trimmed(p.name),
      phone: phone ? shownContact('phone', phone) : null,
      email: email ? shownContact('email', email) : null,
      status: 'NEW',
      tags: [],
      fields: [],
      companyIds: [],
      personalManagerId: null,
      spam: false,
      createdAt: at,
      updatedAt: at,
    };
  }
  // Every other command edits a profile this browser holds; of one it lacks it predicts nothing.
  if (!row) return row;
  const changed = (patch: Partial<Client>): Client => ({ ...row, ...patch, updatedAt: at });
  switch (command.type) {
    case 'client.update': {
      const patch: Partial<Client> = {};
      if (typeof p.name === 'string') patch.name = p.name.trim();
      if (typeof p.status === 'string') patch.status = p.status;
      if (p.personalManagerId === null || typeof p.personalManagerId === 'string')
        patch.personalManagerId = p.personalManagerId;
      return changed(patch);
    }
    case 'client.setSpam':
      return changed({ spam: p.spam === true });
    case 'client.addTag': {
      // "VIP" and "vip" are one tag (PROFILE_TAG_EXISTS): a second one is refused, not shown.
      const tag = trimmed(p.tag);
      if (!tag || row.tags.some((held) => sameName(held, tag))) return row;
      return changed({ tags: [...row.tags, tag] });
    }
    case 'client.removeTag': {
      const tag = trimmed(p.tag);
      const tags = row.tags.filter((held) => !sameName(held, tag));
      return tags.length === row.tags.length ? row : changed({ tags });
    }
    case 'client.addField': {
      const name = trimmed(p.name);
      if (!name || row.fields.some((field) => sameName(field.name, name))) return row;
      return changed({ fields: [...row.fields, { name, value: trimmed(p.value) }] });
    }
    case 'client.updateField': {
      const name = trimmed(p.name);
      if (!row.fields.some((field) => sameName(field.name, name))) return row;
      const value = trimmed(p.value);
      return changed({
        // The name is matched regardless of case and written as now typed, as the server does.
        fields: row.fields.map((field) => (sameName(field.name, name) ? { name, value } : field)),
      });
    }
    case 'client.removeField': {
      const name = trimmed(p.name);
      const fields = row.fields.filter((field) => !sameName(field.name, name));
      return fields.length === row.fields.length ? row : changed({ fields });
    }
    case 'client.linkCompany':
    case 'company.create': {
      const companyId = str(p.companyId);
      if (!companyId || row.companyIds.includes(companyId)) return row;
      return changed({ companyIds: [...row.companyIds, companyId] });
    }
    case 'client.unlinkCompany': {
      const companyIds = row.companyIds.filter((id) => id !== p.companyId);
      return companyIds.length === row.companyIds.length ? row : changed({ companyIds });
    }
    case 'client.addContact': {
      // The row keeps the first phone and e-mail for the lists; a later one leaves it as it is.
      const value = shownContact(str(p.kind), str(p.value));
      if (p.kind === 'phone' && row.phone === null) return changed({ phone: value });
      if (p.kind === 'email' && row.email === null) return changed({ email: value });
      return row;
    }
    default:
      return row;
  }
}

function predictContact(
  command: Pending,
  row: SyncRows['clientContacts'] | undefined,
): SyncRows['clientContacts'] | undefined {
  const p = command.payload;
  if (command.type === 'client.removeContact') return undefined;
  if (command.type !== 'client.addContact' || row) return row;
  const kind = p.kind === 'email' ? 'email' : 'phone';
  return {
    id: str(p.contactId),
    clientId: str(p.clientId),
    kind,
    value: shownContact(kind, str(p.value)),
    channelId: null,
    createdAt: command.createdAt,
  };
}

function predictComment(
  command: Pending,
  row: SyncRows['clientComments'] | undefined,
  userId: string,
): SyncRows['clientComments'] | undefined {
  const p = command.payload;
  if (command.type === 'client.deleteComment') return undefined;
  if (command.type !== 'client.addComment' || row) return row;
  return {
    id: str(p.commentId),
    clientId: str(p.clientId),
    authorId: userId,
    text: trimmed(p.text),
    createdAt: command.createdAt,
  };
}

function predictCompany(
  command: Pending,
  row: SyncRows['companies'] | undefined,
): SyncRows['companies'] | undefined {
  const p = command.payload;
  if (command.type !== 'company.create' || row) return row;
  const outerId = trimmed(p.outerId);
  return {
    id: str(p.companyId),
    name: trimmed(p.name),
    outerId: outerId || null,
    createdAt: command.createdAt,
    updatedAt: command.createdAt,
  };
}

function predictStatus(
  command: Pending,
  row: SyncRows['clientStatuses'] | undefined,
): SyncRows['clientStatuses'] | undefined {
  const p = command.payload;
  const at = command.createdAt;
  if (command.type === 'clientStatus.delete') return undefined;
  // A colour outside the palette is COLOR_NOT_FOUND: nothing to show.
  const colour = str(p.colour);
  if (!isStatusColour(colour)) return row;
  if (command.type === 'clientStatus.create')
    return (
      row ?? { id: str(p.statusId), name: trimmed(p.name), colour, createdAt: at, updatedAt: at }
    );
  if (command.type === 'clientStatus.update' && row)
    return { ...row, name: trimmed(p.name), colour, updatedAt: at };
  return row;
}

function predictBlacklist(
  command: Pending,
  row: SyncRows['blacklist'] | undefined,
  userId: string,
): SyncRows['blacklist'] | undefined {
  const p = command.payload;
  if (command.type === 'blacklist.remove') return undefined;
  if (command.type !== 'blacklist.add' || row) return row;
  const kind = p.kind === 'email' ? 'email' : p.kind === 'channel' ? 'channel' : 'phone';
  return {
    id: str(p.entryId),
    kind,
    value: shownContact(kind, str(p.value)),
    channelId: kind === 'channel' && typeof p.channelId === 'string' ? p.channelId : null,
    addedBy: userId,
    addedAt: command.createdAt,
  };
}

/**
 * A clients-area command's predicted effect on one of its rows: a tag, field, company, status,
 * manager or spam flag shows on the profile at once; a contact, comment, company, custom status or
 * blacklist entry appears or goes. Pure, from the row alone (predict.ts); the server's row replaces
 * it when the event comes.
 */
export function predictClientRow(
  command: Pending,
  table: SyncTable,
  row: AnyRow | undefined,
  userId: string,
): AnyRow | undefined {
  switch (table) {
    case 'clients':
      return predictClient(command, row as Client | undefined);
    case 'clientContacts':
      return predictContact(command, row as SyncRows['clientContacts'] | undefined);
    case 'clientComments':
      return predictComment(command, row as SyncRows['clientComments'] | undefined, userId);
    case 'companies':
      return predictCompany(command, row as SyncRows['companies'] | undefined);
    case 'clientStatuses':
      return predictStatus(command, row as SyncRows['clientStatuses'] | undefined);
    case 'blacklist':
      return predictBlacklist(command, row as SyncRows['blacklist'] | undefined, userId);
    default:
      return row;
  }
}
