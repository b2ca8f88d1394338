import {
  newId,
  type Chat,
  type Client,
  type SyncEvent,
  type SyncTable,
  type User,
} from '../protocol';
import {
  beginBootstrap,
  checkServerRows,
  finishBootstrap,
  storeCheckedRows,
} from './bootstrap-write';
import { InboxDb } from './db';
import type { LocalMessage } from './tables';

/** Valid rows and events for store tests. */
export const CHANNEL_ID = '00000000-0000-7000-8000-0000000000c1';
export const CLIENT_ID = '00000000-0000-7000-8000-0000000000d1';
export const TEAM_ID = '00000000-0000-7000-8000-0000000000e1';
export const ME = '00000000-0000-7000-8000-0000000000a1';
export const OTHER = '00000000-0000-7000-8000-0000000000a2';

export const chatId = (i: number): string =>
  `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`;

export function chatRow(id: string, patch: Partial<Chat> = {}): Chat {
  return {
    id,
    status: 'pending',
    channelId: CHANNEL_ID,
    clientId: CLIENT_ID,
    teamId: TEAM_ID,
    operatorId: null,
    categoryId: null,
    createdBy: null,
    expiry: 'none',
    rating: null,
    lastMessageAt: '2026-11-01T10:00:00.000Z',
    lastClientMessageAt: null,
    lastOperatorMessageAt: null,
    closedAt: null,
    queuedAt: null,
    assignedAt: null,
    unansweredSince: null,
    firstReplyAt: null,
    firstReplyBy: null,
    reactedAt: null,
    lastHumanOperatorId: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...patch,
  };
}

/** A colleague as the store holds them; online and In work unless `patch` says otherwise. */
export function userRow(id: string, name: string, patch: Partial<User> = {}): User {
  return {
    id,
    name,
    email: `${id}@demo.test`,
    phone: null,
    photoUrl: null,
    affiliation: null,
    roleId: 'operator',
    teamIds: [],
    autoBreakMinutes: null,
    active: true,
    language: 'en',
    operatorStatus: 'in_work',
    online: true,
    totpEnabled: false,
    lastActivityAt: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...patch,
  };
}

export function clientRow(id: string, name: string, phone: string | null = null): Client {
  return {
    id,
    name,
    phone,
    email: null,
    status: 'NEW',
    tags: [],
    fields: [],
    companyIds: [],
    personalManagerId: null,
    spam: false,
    createdAt: '',
    updatedAt: '',
  };
}

export function messageRow(
  id: string,
  chat: string,
  patch: Partial<LocalMessage> = {},
): LocalMessage {
  return {
    id,
    chatId: chat,
    authorKind: 'client',
    authorId: null,
    text: 'hello',
    internal: false,
    status: 'sent',
    attachments: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    ...patch,
  };
}

let eventCounter = 0;
export function event(
  seq: number,
  changes: SyncEvent['changes'],
  commandId: string | null = null,
  /** Who sent it: a command's events are its sender's (ME's, unless a test says otherwise). */
  actor: SyncEvent['actor'] = commandId ? { kind: 'user', id: ME } : { kind: 'system' },
): SyncEvent {
  eventCounter += 1;
  return {
    seq,
    id: `00000000-0000-7000-9000-${String(eventCounter).padStart(12, '0')}`,
    type: 'message.added',
    at: '2026-11-01T10:00:00.000Z',
    actor,
    commandId,
    data: {},
    changes,
  };
}

/** One chunk of a bootstrap's rows, checked and stored as the bootstrap stores a line. */
export const writeBootstrapRows = (db: InboxDb, table: SyncTable, rows: readonly unknown[]) =>
  storeCheckedRows(db, checkServerRows(table, rows), true);

/** A fresh local database whose first bootstrap, at `cursor`, brought these chats (for ME). */
export async function bootstrappedDb(
  chats: readonly unknown[],
  cursor = 10,
  name = `test-${newId()}`,
): Promise<InboxDb> {
  const db = new InboxDb(name);
  await db.open();
  await beginBootstrap(db, cursor);
  await writeBootstrapRows(db, 'chats', chats);
  await finishBootstrap(db, cursor, { userId: ME });
  return db;
}
