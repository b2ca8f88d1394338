import { v5 as uuidv5 } from 'uuid';
import { eq } from 'drizzle-orm';
import { INNER_CLIENT_STATUSES, OPTIONS, type BuiltInRole } from '../../src/protocol';
import type { Db } from '../db/database';
import * as t from '../db/schema';
import { arrayLiteral, bulkInsert, iso, num, type Column } from '../db/bulk-insert';
import { MESSAGE_COLUMNS } from '../db/message-columns';
import { hashPassword } from '../auth/passwords';
import { defaultRuleRow } from '../domain/distribution/default-rule';
import { createBuiltInRoles } from './built-in-roles';
import { DEMO_PASSWORD } from './demo-data';
import { BENCH_STATUSES, benchContactId, benchProfile, benchStatusId } from './bench-profiles';

/**
 * A large generated organization for benchmarks and load tests (DESIGN §6: 10,000 chats,
 * 200,000 messages, 50 operators, 5 teams). The same seed, login and `now` give the same ids and
 * the same content, so a benchmark run can be repeated against the same data.
 */
export type BenchOrganizationOptions = {
  seed: number;
  chats: number;
  messages: number;
  /** Operators (role Operator), spread over the teams; 50 unless told. */
  operators?: number;
  /** Teams, each with its own site-chat channel; 5 unless told. */
  teams?: number;
  /** The organization's login; `bench<seed>` unless told. Users log in as `…@<login>.test`. */
  login?: string;
};

/** What a generated organization's login may be: it also names the users' e-mail domain. */
export const BENCH_LOGIN = /^[a-z0-9][a-z0-9-]*$/;

export type BenchOrganization = {
  orgId: string;
  login: string;
  /** The first team's site-chat channel. */
  channelId: string;
  channelIds: string[];
  teamIds: string[];
  roleIds: Record<BuiltInRole, string>;
  adminId: string;
  adminEmail: string;
  operatorIds: string[];
  operatorEmails: string[];
  /** Every generated user logs in with this password. */
  password: string;
  counts: {
    teams: number;
    users: number;
    channels: number;
    clients: number;
    clientContacts: number;
    clientStatuses: number;
    chats: { total: number; pending: number; assigned: number; closed: number };
    messages: number;
    chatHistory: number;
  };
};

// ---------------------------------------------------------------------------------------------
// Deterministic randomness: sfc32 (128-bit state, so streams of different seeds do not overlap
// the way a 32-bit counter generator's would) seeded by the cyrb128 hash of seed and login.

function cyrb128(input: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < input.length; i++) {
    const k = input.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A small seeded generator: uniform numbers, integers, picks and version-4 UUID strings. */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    [this.a, this.b, this.c, this.d] = cyrb128(seed);
    for (let i = 0; i < 16; i++) this.uint32(); // mix the state before the first draw
  }

  uint32(): number {
    const a = this.a;
    const b = this.b;
    const c = this.c;
    const d = this.d;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    const rotated = (c << 21) | (c >>> 11);
    this.c = (rotated + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** A random (version 4, RFC 4122 variant) UUID string. */
  uuid(): string {
    const w = [this.uint32(), this.uint32(), this.uint32(), this.uint32()];
    const bytes: number[] = [];
    for (const word of w)
      bytes.push(word >>> 24, (word >>> 16) & 0xff, (word >>> 8) & 0xff, word & 0xff);
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    const h = bytes.map((byte) => HEX[byte] ?? '00');
    return `${h.slice(0, 4).join('')}-${h.slice(4, 6).join('')}-${h.slice(6, 8).join('')}-${h.slice(8, 10).join('')}-${h.slice(10, 16).join('')}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Content.

const FIRST_NAMES = [
  'Anna',
  'Boris',
  'Clara',
  'Dmitry',
  'Emma',
  'Fyodor',
  'Grace',
  'Hannah',
  'Igor',
  'Julia',
  'Kirill',
  'Laura',
  'Maxim',
  'Nina',
  'Oliver',
  'Polina',
  'Quentin',
  'Rita',
  'Sergey',
  'Tanya',
  'Ulyana',
  'Victor',
  'Wendy',
  'Xenia',
  'Yuri',
  'Zoe',
];
const LAST_NAMES = [
  'Petrova',
  'Ivanov',
  'Smith',
  'Sokolov',
  'Brown',
  'Volkov',
  'Lee',
  'Müller',
  'Kuznetsov',
  'Novak',
  'Orlov',
  'Rossi',
  'Popov',
  'Fedorova',
  'Jones',
  'Morozova',
  'Blake',
  'Lebedeva',
  'Kozlov',
  'Egorova',
  'Garcia',
  'Martin',
  'Weber',
];
const TEAM_NAMES = [
  'Support',
  'Sales',
  'Billing',
  'Delivery',
  'Returns',
  'Technical',
  'VIP',
  'Partners',
  'Wholesale',
  'Onboarding',
];

const OPENERS = [
  'Hello! My order #{n} has not arrived yet, can you check it?',
  'Hi, how do I change the delivery address for order #{n}?',
  'Good afternoon, I was charged twice for one purchase.',
  'Do you have this jacket in size M?',
  'I cannot log in to my account.',
  'When will the store open on Sunday?',
  'Can I return an item bought online in a shop?',
  'Is there a discount for a second order?',
  'The app crashes when I open the cart.',
  'Please send me the invoice for order #{n}.',
  'My promo code {n} does not work at checkout.',
  'The parcel came damaged, what should I do?',
];
const CLIENT_FOLLOW_UPS = [
  'Thank you!',
  'The number is #{n}.',
  'Yes, that is right.',
  'Any news?',
  'I paid by card.',
  'It was delivered to the wrong address.',
  'Could you hurry please, I need it by Friday.',
  'OK, I will wait.',
  'Here is the tracking number: {n}.',
  'No, that did not help.',
  'Great, it works now.',
  'Can you call me instead?',
];
const OPERATOR_REPLIES = [
  'Thank you for writing! Let me check that for you.',
  'One moment please, I am looking into it.',
  'I can see order #{n} in our system.',
  'The courier will deliver it tomorrow between 10 and 14.',
  'I have refunded the second charge; it takes 3–5 working days.',
  'Could you tell me your order number?',
  'Please try clearing the app cache and logging in again.',
  'I have sent the invoice to your e-mail.',
  'Yes, you can return it in any of our shops within 14 days.',
  'Is there anything else I can help you with?',
  'I have passed this to our delivery team.',
  'Your new address is saved.',
];
const INTERNAL_NOTES = [
  'Customer is a repeat buyer, handle with care.',
  'Checked with the warehouse: parcel #{n} is delayed.',
  'Escalated to billing.',
  'Possible fraud, do not refund before a check.',
  'Asked the courier service for an update.',
];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/**
 * Closed chats spread over this long a past: inside the 30-day bootstrap window
 * (LIMITS.bootstrapClosedChatDays), so a signed-in administrator's local store holds all 10,000
 * chats and the lists DESIGN §6 times run over every one of them.
 */
const HISTORY_SPAN = 28 * DAY;
/** Channel SLA thresholds (the demo channel's). */
const HALF_EXPIRED_MINUTES = 5;
const EXPIRED_MINUTES = 15;

type ChatStatus = 'pending' | 'assigned' | 'closed';

function fill(rng: SeededRandom, template: string): string {
  return template.replace('{n}', String(rng.int(10_000, 999_999)));
}

function requireCount(name: string, value: number, min: number, why = ''): void {
  if (!Number.isSafeInteger(value) || value < min)
    throw new Error(`${name} must be an integer of at least ${min}${why}, not ${value}`);
}

type ClientRow = typeof t.clients.$inferInsert;
type ContactRow = typeof t.clientContacts.$inferInsert;
type ChatRow = typeof t.chats.$inferInsert;
type MessageRow = typeof t.messages.$inferInsert;
type HistoryRow = typeof t.chatHistory.$inferInsert;

const CLIENT_COLUMNS: readonly Column<ClientRow>[] = [
  ['id', 'uuid', (r) => r.id],
  ['org_id', 'uuid', (r) => r.orgId],
  ['name', 'text', (r) => r.name],
  ['phone', 'text', (r) => r.phone ?? null],
  ['email', 'text', (r) => r.email ?? null],
  ['status', 'text', (r) => r.status ?? 'NEW'],
  ['tags', 'text', (r) => arrayLiteral(r.tags ?? []), 'text[]'],
  ['fields', 'jsonb', (r) => JSON.stringify(r.fields ?? [])],
  ['created_at', 'timestamptz', (r) => iso(r.createdAt)],
  ['updated_at', 'timestamptz', (r) => iso(r.updatedAt)],
];
const CONTACT_COLUMNS: readonly Column<ContactRow>[] = [
  ['id', 'uuid', (r) => r.id],
  ['kind', 'text', (r) => r.kind],
  ['channel_id', 'uuid', (r) => r.channelId ?? null],
  ['value', 'text', (r) => r.value],
  ['client_id', 'uuid', (r) => r.clientId],
  ['org_id', 'uuid', (r) => r.orgId],
  ['created_at', 'timestamptz', (r) => iso(r.createdAt)],
];
const CHAT_COLUMNS: readonly Column<ChatRow>[] = [
  ['id', 'uuid', (r) => r.id],
  ['org_id', 'uuid', (r) => r.orgId],
  ['channel_id', 'uuid', (r) => r.channelId],
  ['client_id', 'uuid', (r) => r.clientId],
  ['status', 'text', (r) => r.status],
  ['team_id', 'uuid', (r) => r.teamId ?? null],
  ['operator_id', 'uuid', (r) => r.operatorId ?? null],
  ['category_id', 'uuid', (r) => r.categoryId ?? null],
  ['created_by', 'uuid', (r) => r.createdBy ?? null],
  ['expiry', 'text', (r) => r.expiry ?? 'none'],
  ['rating', 'int4', (r) => num(r.rating)],
  ['last_message_at', 'timestamptz', (r) => iso(r.lastMessageAt)],
  ['last_client_message_at', 'timestamptz', (r) => iso(r.lastClientMessageAt)],
  ['last_operator_message_at', 'timestamptz', (r) => iso(r.lastOperatorMessageAt)],
  ['closed_at', 'timestamptz', (r) => iso(r.closedAt)],
  ['assigned_at', 'timestamptz', (r) => iso(r.assignedAt)],
  ['unanswered_since', 'timestamptz', (r) => iso(r.unansweredSince)],
  ['first_reply_at', 'timestamptz', (r) => iso(r.firstReplyAt)],
  ['first_reply_by', 'uuid', (r) => r.firstReplyBy ?? null],
  ['reacted_at', 'timestamptz', (r) => iso(r.reactedAt)],
  ['last_human_operator_id', 'uuid', (r) => r.lastHumanOperatorId ?? null],
  ['created_at', 'timestamptz', (r) => iso(r.createdAt)],
  ['updated_at', 'timestamptz', (r) => iso(r.updatedAt)],
];
const HISTORY_COLUMNS: readonly Column<HistoryRow>[] = [
  ['id', 'uuid', (r) => r.id],
  ['org_id', 'uuid', (r) => r.orgId],
  ['chat_id', 'uuid', (r) => r.chatId],
  ['kind', 'text', (r) => r.kind],
  ['actor_id', 'uuid', (r) => r.actorId ?? null],
  ['data', 'jsonb', (r) => JSON.stringify(r.data ?? {})],
  ['at', 'timestamptz', (r) => iso(r.at)],
];

/**
 * Writes a deterministic large organization in one transaction: all options, the built-in roles,
 * `teams` teams each with a site-chat channel, `operators` operators and one administrator (all
 * with the demo password), about chats/2 clients, and `chats` chats holding `messages` messages.
 * Refuses when an organization with the same login exists.
 */
export async function seedBenchOrganization(
  db: Db,
  options: BenchOrganizationOptions,
  now: Date,
): Promise<BenchOrganization> {
  const { seed } = options;
  const operatorCount = options.operators ?? 50;
  const teamCount = options.teams ?? 5;
  const chatCount = options.chats;
  const messageCount = options.messages;
  requireCount('seed', seed, 0);
  requireCount('chats', chatCount, 0);
  requireCount('messages', messageCount, chatCount, ' (every chat holds at least one message)');
  requireCount('operators', operatorCount, 0);
  requireCount('teams', teamCount, 1);
  const login = options.login ?? `bench${seed}`;
  if (!BENCH_LOGIN.test(login))
    throw new Error(`login must be lowercase letters, digits and dashes, not "${login}"`);

  const [existing] = await db
    .select({ id: t.organizations.id })
    .from(t.organizations)
    .where(eq(t.organizations.login, login));
  if (existing)
    throw new Error(
      `An organization with login "${login}" already exists (id ${existing.id}); choose another seed or login`,
    );

  const rng = new SeededRandom(`smartconnect-bench:${seed}:${login}`);
  const domain = `${login}.test`;
  const nowMs = now.getTime();
  const at = (ms: number) => new Date(ms);
  const passwordHash = await hashPassword(DEMO_PASSWORD); // once: argon2 is slow on purpose

  // Ids first, in a fixed order, so they do not depend on how much content is drawn.
  const orgId = rng.uuid();
  const roleIdsWanted: Record<BuiltInRole, string> = {
    Operator: rng.uuid(),
    Supervisor: rng.uuid(),
    Administrator: rng.uuid(),
  };
  const teamIds = Array.from({ length: teamCount }, () => rng.uuid());
  const channelIds = Array.from({ length: teamCount }, () => rng.uuid());
  const adminId = rng.uuid();
  const operatorIds = Array.from({ length: operatorCount }, () => rng.uuid());
  const clientCount = chatCount === 0 ? 0 : Math.max(1, Math.round(chatCount / 2));
  const clientIds = Array.from({ length: clientCount }, () => rng.uuid());
  const chatIds = Array.from({ length: chatCount }, () => rng.uuid());

  // Teams and who works in them: operator i belongs to team i mod teams.
  const teamNameOf = (i: number) => TEAM_NAMES[i] ?? `Team ${i + 1}`;
  const teamRows: (typeof t.teams.$inferInsert)[] = teamIds.map((id, i) => ({
    id,
    orgId,
    name: teamNameOf(i),
    description: `Generated team ${i + 1} of the benchmark organization`,
    distributionMethod: i % 2 === 0 ? 'round_robin' : 'least_busy',
    dialogLimit: 10,
    redistributionMinutes: 10,
    autoCloseMinutes: 60,
    unattendedCloseHours: 24,
    createdAt: at(nowMs - HISTORY_SPAN - DAY),
    updatedAt: at(nowMs - HISTORY_SPAN - DAY),
  }));
  const operatorsOfTeam: string[][] = teamIds.map(() => []);
  const operatorEmails: string[] = [];
  const userRows: (typeof t.users.$inferInsert)[] = [
    {
      id: adminId,
      orgId,
      email: `admin@${domain}`,
      name: 'Bench Admin',
      roleId: roleIdsWanted.Administrator,
      teamIds: [...teamIds],
      passwordHash,
      operatorStatus: 'in_work',
      createdAt: at(nowMs - HISTORY_SPAN - DAY),
      updatedAt: at(nowMs - HISTORY_SPAN - DAY),
    },
  ];
  operatorIds.forEach((id, i) => {
    const team = i % teamCount;
    operatorsOfTeam[team]?.push(id);
    const email = `operator${i + 1}@${domain}`;
    operatorEmails.push(email);
    const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`.slice(0, 32);
    userRows.push({
      id,
      orgId,
      email,
      name,
      roleId: roleIdsWanted.Operator,
      teamIds: [teamIds[team] ?? ''],
      passwordHash,
      operatorStatus: rng.chance(0.7) ? 'in_work' : 'break',
      autoBreakMinutes: rng.chance(0.3) ? 30 : null,
      lastActivityAt: at(nowMs - rng.int(1, 600) * MINUTE),
      createdAt: at(nowMs - HISTORY_SPAN - DAY),
      updatedAt: at(nowMs - HISTORY_SPAN - DAY),
    });
  });
  const channelRows: (typeof t.channels.$inferInsert)[] = channelIds.map((id, i) => ({
    id,
    orgId,
    name: `Website chat (${teamNameOf(i)})`,
    type: 'site_chat',
    teamId: teamIds[i] ?? null,
    halfExpiredMinutes: HALF_EXPIRED_MINUTES,
    expiredMinutes: EXPIRED_MINUTES,
    settings: {
      welcomeMessage: 'Hi! How can we help you today?',
      title: `Bench Store ${i + 1}`,
      subtitle: 'We usually answer within a few minutes',
      logoUrl: null,
    },
    createdAt: at(nowMs - HISTORY_SPAN - DAY),
    updatedAt: at(nowMs - HISTORY_SPAN - DAY),
  }));

  // Chats: chat j belongs to client j mod clients, in that client's channel; a client's chats
  // follow each other in time, and only a client's last chat may still be open.
  const plans: {
    status: ChatStatus;
    clientIndex: number;
    team: number;
    operatorId: string | null;
    size: number;
  }[] = [];
  const lastRoundStart = Math.max(0, chatCount - clientCount);
  const eligible = chatCount - lastRoundStart;
  const pendingShare = eligible === 0 ? 0 : Math.min(0.5, (0.03 * chatCount) / eligible);
  const assignedShare = eligible === 0 ? 0 : Math.min(0.5, (0.04 * chatCount) / eligible);
  const counts = { pending: 0, assigned: 0, closed: 0 };
  for (let j = 0; j < chatCount; j++) {
    const clientIndex = j % clientCount;
    const team = clientIndex % teamCount;
    let status: ChatStatus = 'closed';
    if (j >= lastRoundStart) {
      const draw = rng.next();
      if (draw < pendingShare) status = 'pending';
      else if (draw < pendingShare + assignedShare) status = 'assigned';
    }
    const staff = operatorsOfTeam[team] ?? [];
    const operatorId = status === 'pending' ? null : staff.length > 0 ? rng.pick(staff) : adminId;
    counts[status]++;
    plans.push({ status, clientIndex, team, operatorId, size: 1 });
  }

  // Messages per chat: one each, pending chats up to three, the rest shared by random weight.
  let remaining = messageCount - chatCount;
  for (const plan of plans) {
    if (plan.status !== 'pending' || remaining === 0) continue;
    const extra = Math.min(remaining, rng.int(0, 2));
    plan.size += extra;
    remaining -= extra;
  }
  const sharing = plans.filter((plan) => plan.status !== 'pending');
  const receivers = sharing.length > 0 ? sharing : plans;
  if (remaining > 0 && receivers.length > 0) {
    const weights = receivers.map(() => 0.15 + rng.next() * rng.next() * 3.7); // skewed: many short chats, some long
    const total = weights.reduce((sum, w) => sum + w, 0);
    const share = remaining;
    receivers.forEach((plan, i) => {
      const extra = Math.floor(((weights[i] ?? 0) / total) * share);
      plan.size += extra;
      remaining -= extra;
    });
    for (let i = 0; remaining > 0; i = (i + 1) % receivers.length) {
      const plan = receivers[i];
      if (plan) plan.size++;
      remaining--;
    }
  }

  const clientRows: ClientRow[] = [];
  const contactRows: ContactRow[] = [];
  const clientCreatedAt: number[] = new Array<number>(clientCount).fill(nowMs);
  const chatRows: ChatRow[] = [];
  const messageRows: MessageRow[] = [];
  const historyRows: HistoryRow[] = [];

  plans.forEach((plan, j) => {
    const chatId = chatIds[j] ?? '';
    const channelId = channelIds[plan.team] ?? '';
    const teamId = teamIds[plan.team] ?? null;
    const answered = plan.status !== 'pending';

    // Authors and gaps first, then place the whole conversation in time.
    const authors: ('client' | 'operator' | 'note')[] = [];
    const gaps: number[] = [0];
    for (let k = 0; k < plan.size; k++) {
      if (k === 0 || !answered) authors.push('client');
      else if (k % 2 === 1)
        authors.push(k < plan.size - 1 && rng.chance(0.06) ? 'note' : 'operator');
      else authors.push(rng.chance(0.1) ? 'operator' : 'client');
      if (k > 0) gaps.push(rng.int(10, authors[k] === 'client' ? 240 : 150) * SECOND);
    }
    const duration = gaps.reduce((sum, gap) => sum + gap, 0);
    let start: number;
    if (plan.status === 'closed') {
      // Spread over the history span in chat order, ending a day before now.
      const position = (j + rng.next()) / Math.max(1, chatCount);
      start = nowMs - HISTORY_SPAN + Math.floor(position * (HISTORY_SPAN - DAY - duration - HOUR));
    } else if (plan.status === 'pending') {
      start = nowMs - duration - rng.int(30, 25 * 60) * SECOND;
    } else {
      start = nowMs - duration - rng.int(30, 50 * 60) * SECOND;
    }

    let time = start;
    let lastAt = start;
    let lastClientAt: number | null = null;
    let lastOperatorAt: number | null = null;
    let firstOperatorAt: number | null = null;
    for (const [k, author] of authors.entries()) {
      time += gaps[k] ?? 0;
      const isClient = author === 'client';
      const text = isClient
        ? fill(rng, k === 0 ? rng.pick(OPENERS) : rng.pick(CLIENT_FOLLOW_UPS))
        : fill(rng, author === 'note' ? rng.pick(INTERNAL_NOTES) : rng.pick(OPERATOR_REPLIES));
      const open = plan.status !== 'closed';
      messageRows.push({
        id: rng.uuid(),
        orgId,
        chatId,
        authorKind: isClient ? 'client' : 'operator',
        authorId: isClient ? null : plan.operatorId,
        text,
        internal: author === 'note',
        status: isClient
          ? 'delivered'
          : author === 'note'
            ? 'sent'
            : open && k >= plan.size - 2
              ? 'delivered'
              : 'read',
        createdAt: at(time),
      });
      if (author === 'note') continue; // internal notes move none of the chat's times
      lastAt = time;
      if (isClient) lastClientAt = time;
      else {
        lastOperatorAt = time;
        firstOperatorAt ??= time;
      }
    }

    const closedAt = plan.status === 'closed' ? lastAt + rng.int(1, 10) * MINUTE : null;
    let expiry: 'none' | 'half_expired' | 'expired' = 'none';
    const waitingSince =
      plan.status === 'pending'
        ? start
        : plan.status === 'assigned' && authors[authors.length - 1] === 'client'
          ? lastClientAt
          : null;
    if (waitingSince !== null) {
      const waited = (nowMs - waitingSince) / MINUTE;
      expiry =
        waited >= EXPIRED_MINUTES
          ? 'expired'
          : waited >= HALF_EXPIRED_MINUTES
            ? 'half_expired'
            : 'none';
    }
    // The chat facts the server keeps as it writes (the monitoring tables, issue 21), from the
    // same times the history below records; no draw of the generator, so the data stays as it was.
    const holdStart =
      answered && plan.operatorId
        ? Math.max(
            start,
            firstOperatorAt === null
              ? Math.min(nowMs, start + 30 * SECOND)
              : firstOperatorAt - 5 * SECOND,
          )
        : null;
    chatRows.push({
      assignedAt: holdStart === null ? null : at(holdStart),
      unansweredSince: waitingSince === null ? null : at(waitingSince),
      firstReplyAt: firstOperatorAt === null ? null : at(firstOperatorAt),
      firstReplyBy: firstOperatorAt === null ? null : plan.operatorId,
      reactedAt: holdStart === null || firstOperatorAt === null ? null : at(firstOperatorAt),
      lastHumanOperatorId: lastOperatorAt === null ? null : plan.operatorId,
      id: chatId,
      orgId,
      channelId,
      clientId: clientIds[plan.clientIndex] ?? '',
      status: plan.status,
      teamId,
      operatorId: plan.operatorId,
      categoryId: null,
      createdBy: null,
      expiry,
      rating: plan.status === 'closed' && rng.chance(0.35) ? rng.int(1, 5) : null,
      lastMessageAt: at(lastAt),
      lastClientMessageAt: lastClientAt === null ? null : at(lastClientAt),
      lastOperatorMessageAt: lastOperatorAt === null ? null : at(lastOperatorAt),
      closedAt: closedAt === null ? null : at(closedAt),
      createdAt: at(start),
      updatedAt: at(closedAt ?? lastAt),
    });
    historyRows.push({
      id: rng.uuid(),
      orgId,
      chatId,
      kind: 'created',
      actorId: null,
      data: { channelId, teamId },
      at: at(start),
    });
    if (answered && plan.operatorId) {
      const assignedAt =
        firstOperatorAt === null
          ? Math.min(nowMs, start + 30 * SECOND)
          : firstOperatorAt - 5 * SECOND;
      historyRows.push({
        id: rng.uuid(),
        orgId,
        chatId,
        kind: 'assigned',
        actorId: plan.operatorId,
        data: { operatorId: plan.operatorId },
        at: at(Math.max(start, assignedAt)),
      });
    }
    if (closedAt !== null) {
      historyRows.push({
        id: rng.uuid(),
        orgId,
        chatId,
        kind: 'closed',
        actorId: plan.operatorId,
        data: { categoryId: null },
        at: at(closedAt),
      });
    }
    clientCreatedAt[plan.clientIndex] = Math.min(clientCreatedAt[plan.clientIndex] ?? nowMs, start);
  });

  // Profiles come from a generator of their own, and the ids below are named, not drawn: every
  // id and value the organization's generator draws stays as it was without them.
  const profileRng = new SeededRandom(`smartconnect-bench:${seed}:${login}:profiles`);
  const statusRows: (typeof t.clientStatuses.$inferInsert)[] = BENCH_STATUSES.map((status) => ({
    id: benchStatusId(orgId, status.name),
    orgId,
    name: status.name,
    colour: status.colour,
    createdAt: at(nowMs - HISTORY_SPAN - DAY),
    updatedAt: at(nowMs - HISTORY_SPAN - DAY),
  }));
  const statusIds = statusRows.map((row) => row.id);
  // Drawn phones may repeat; a phone belongs to one client, so a repeat gets one of its own.
  const phonesTaken = new Set<string>();
  clientIds.forEach((id, i) => {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const createdMs = clientCreatedAt[i] ?? nowMs;
    const created = at(createdMs);
    const drawnPhone = `+7900${String(rng.int(0, 9_999_999)).padStart(7, '0')}`;
    const phone = phonesTaken.has(drawnPhone) ? `+7901${String(i).padStart(7, '0')}` : drawnPhone;
    phonesTaken.add(phone);
    const email = rng.chance(0.6)
      ? `${first.toLowerCase()}.${last.toLowerCase()}${i + 1}@example.com`
      : null;
    const status = rng.chance(0.8) ? 'NEW' : rng.pick(INNER_CLIENT_STATUSES);
    clientRows.push({
      id,
      orgId,
      name: `${first} ${last}`,
      phone,
      email,
      ...benchProfile(profileRng, statusIds, status),
      createdAt: created,
      updatedAt: created,
    });
    // Named from the client's id rather than drawn, so the ids drawn after stay as they were.
    contactRows.push({
      id: uuidv5('channel', id),
      kind: 'channel',
      channelId: channelIds[i % teamCount] ?? '',
      value: `visitor-${i + 1}`,
      clientId: id,
      orgId,
      createdAt: created,
    });
    // The phone and e-mail on the row are the first of the client's contacts (clients.phone).
    contactRows.push({
      id: benchContactId(id, 'phone'),
      kind: 'phone',
      channelId: null,
      value: phone,
      clientId: id,
      orgId,
      createdAt: created,
    });
    if (email)
      contactRows.push({
        id: benchContactId(id, 'email'),
        kind: 'email',
        channelId: null,
        value: email,
        clientId: id,
        orgId,
        createdAt: created,
      });
  });
  // Drawn last, so every id drawn before is the same as without rules.
  const ruleRows = channelRows.map((channel) =>
    defaultRuleRow({ id: channel.id, orgId, teamId: channel.teamId }, rng.uuid()),
  );

  await db.transaction(async (tx) => {
    await tx.insert(t.organizations).values({
      id: orgId,
      login,
      name: `Bench ${seed}`,
      adminEmail: `admin@${domain}`,
      tariff: 'Advanced',
      tariffStartedAt: at(nowMs - 30 * DAY),
      balance: '15000.00',
      licenseCount: operatorCount + 10,
      options: [...OPTIONS],
      createdAt: at(nowMs - HISTORY_SPAN - DAY),
      updatedAt: now,
    });
    await createBuiltInRoles(tx, orgId, (role) => roleIdsWanted[role]);
    await tx.insert(t.teams).values(teamRows);
    for (let i = 0; i < userRows.length; i += 1000)
      await tx.insert(t.users).values(userRows.slice(i, i + 1000));
    await tx.insert(t.channels).values(channelRows);
    await tx.insert(t.routingRules).values(ruleRows);
    await tx.insert(t.clientStatuses).values(statusRows);
    await bulkInsert(tx, 'clients', CLIENT_COLUMNS, clientRows);
    await bulkInsert(tx, 'client_contacts', CONTACT_COLUMNS, contactRows);
    await bulkInsert(tx, 'chats', CHAT_COLUMNS, chatRows);
    await bulkInsert(tx, 'messages', MESSAGE_COLUMNS, messageRows);
    await bulkInsert(tx, 'chat_history', HISTORY_COLUMNS, historyRows);
  });

  return {
    orgId,
    login,
    channelId: channelIds[0] ?? '',
    channelIds,
    teamIds,
    roleIds: roleIdsWanted,
    adminId,
    adminEmail: `admin@${domain}`,
    operatorIds,
    operatorEmails,
    password: DEMO_PASSWORD,
    counts: {
      teams: teamCount,
      users: userRows.length,
      channels: channelRows.length,
      clients: clientRows.length,
      clientContacts: contactRows.length,
      clientStatuses: statusRows.length,
      chats: { total: chatCount, ...counts },
      messages: messageRows.length,
      chatHistory: historyRows.length,
    },
  };
}
