import type { Channel, Chat, Client, DayFigures, Role, Team, User } from '../../protocol';
import { durationStats, type DurationStats } from '../../protocol/metrics';

/**
 * The online monitoring's four tables (spec §2, §3; issue 21 item 3), computed in the browser
 * from the local store: chats with the facts the server keeps on them (entities/chat.ts), people
 * with their presence, teams with their dialog limits, channels and customers. Pure: the screen
 * calls these once per change of the store, and filters and sorts their arrays, so a filter
 * switch never reads IndexedDB (DESIGN §6). Definitions: docs/monitoring.md.
 */
export type People = {
  users: readonly User[];
  roles: readonly Role[];
  teams: readonly Team[];
  channels: readonly Channel[];
};

const ms = (iso: string | null | undefined): number | null =>
  iso === null || iso === undefined ? null : Date.parse(iso);

/**
 * A chat with its instants parsed: made once per change of the chat (the screen keeps them by
 * chat row), so a filter switch or a recount never parses a date again. Fields a row stored
 * before the server sent them (entities/chat.ts) lacks read as null.
 */
export type ChatFacts = {
  id: string;
  status: Chat['status'];
  channelId: string;
  clientId: string;
  teamId: string | null;
  operatorId: string | null;
  /** The chat bot holding it, if any ("at bot"). */
  botId: string | null;
  rating: number | null;
  /** Staff started it: it has no first reply to wait for (docs/metrics.md). */
  byStaff: boolean;
  /** Its start (each chat is one dialog interval: a customer who writes again opens a new one). */
  startAt: number;
  firstReplyAt: number | null;
  firstReplyBy: string | null;
  assignedAt: number | null;
  reactedAt: number | null;
  /** The customer's first message no staff reply has answered yet. */
  unansweredSince: number | null;
  closedAt: number | null;
  lastHumanOperatorId: string | null;
};

export const chatFacts = (chat: Chat): ChatFacts => ({
  id: chat.id,
  status: chat.status,
  channelId: chat.channelId,
  clientId: chat.clientId,
  teamId: chat.teamId,
  operatorId: chat.operatorId,
  botId: chat.botId ?? null,
  rating: chat.rating,
  byStaff: chat.createdBy !== null,
  startAt: Date.parse(chat.createdAt),
  firstReplyAt: ms(chat.firstReplyAt),
  firstReplyBy: chat.firstReplyBy ?? null,
  assignedAt: ms(chat.assignedAt),
  reactedAt: ms(chat.reactedAt),
  unansweredSince: ms(chat.unansweredSince),
  closedAt: ms(chat.closedAt),
  lastHumanOperatorId: chat.lastHumanOperatorId ?? null,
});

/** Facts of every chat, reusing those of chats unchanged since the last call (same row object). */
export function factsCache(): (chats: Iterable<Chat>) => ChatFacts[] {
  let previous = new WeakMap<Chat, ChatFacts>();
  return (chats) => {
    const next = new WeakMap<Chat, ChatFacts>();
    const out: ChatFacts[] = [];
    for (const chat of chats) {
      const facts = previous.get(chat) ?? chatFacts(chat);
      next.set(chat, facts);
      out.push(facts);
    }
    previous = next;
    return out;
  };
}

// ---------------------------------------------------------------------------------------------
// The client table: one row per open chat.

/**
 * One open chat (pending or assigned) as the client table shows it. Names are resolved and
 * instants parsed once per change of the store; the waits are computed from these instants and
 * the shared clock at paint (`clientCells`), so they tick without recomputing the rows.
 */
export type ClientRow = ChatFacts & {
  status: 'pending' | 'assigned';
  channelName: string;
  clientName: string;
  teamName: string;
  operatorName: string;
  lastHumanOperatorName: string;
};

export function clientRows(
  facts: readonly ChatFacts[],
  people: People,
  clients: ReadonlyMap<string, Client>,
): ClientRow[] {
  const channels = new Map(people.channels.map((channel) => [channel.id, channel.name]));
  const teams = new Map(people.teams.map((team) => [team.id, team.name]));
  const users = new Map(people.users.map((user) => [user.id, user.name]));
  const rows: ClientRow[] = [];
  for (const chat of facts) {
    if (chat.status === 'closed') continue;
    rows.push({
      ...chat,
      status: chat.status,
      channelName: channels.get(chat.channelId) ?? '',
      clientName: clients.get(chat.clientId)?.name ?? '',
      teamName: chat.teamId === null ? '' : (teams.get(chat.teamId) ?? ''),
      operatorName: chat.operatorId === null ? '' : (users.get(chat.operatorId) ?? ''),
      lastHumanOperatorName:
        chat.lastHumanOperatorId === null ? '' : (users.get(chat.lastHumanOperatorId) ?? ''),
    });
  }
  return rows;
}

/** A duration cell: its length at `now`, and whether it still runs (ticks with the clock). */
export type Wait = { ms: number; running: boolean } | null;

export type ClientCells = {
  /** From the start to the first staff reply; running while none came. None for a staff-started chat. */
  waitForReply: Wait;
  /** From the current holder being given the chat to their first reply; running until then. */
  operatorReaction: Wait;
  /** How long the customer has been waiting now: since their first unanswered message. */
  currentWait: Wait;
  /** From the start to now. */
  timeInDialog: Wait;
};

const fixed = (value: number): Wait => ({ ms: value, running: false });
const running = (value: number): Wait => ({ ms: value, running: true });

export function clientCells(row: ClientRow, now: number): ClientCells {
  return {
    waitForReply: row.byStaff
      ? null
      : row.firstReplyAt !== null
        ? fixed(row.firstReplyAt - row.startAt)
        : running(now - row.startAt),
    operatorReaction:
      row.assignedAt === null || row.operatorId === null
        ? null
        : row.reactedAt !== null
          ? fixed(row.reactedAt - row.assignedAt)
          : running(now - row.assignedAt),
    currentWait: row.unansweredSince === null ? null : running(now - row.unansweredSince),
    timeInDialog: running(now - row.startAt),
  };
}

// ---------------------------------------------------------------------------------------------
// The channel, team and operator tables.

/** A team or channel is `open` with someone to take a chat, `full` when its people have no free slot, `closed` with nobody at work. */
export type SliceStatus = 'open' | 'full' | 'closed' | 'inactive';
export type OperatorState = 'offline' | 'break' | 'in_work';

export type SliceCounts = {
  /** Open chats a chat bot holds (assigned to the bot, no operator). */
  atBot: number;
  /** Pending chats: waiting in the queue. */
  inQueue: number;
  /** Assigned chats: in progress with an operator. */
  atWork: number;
  /** Today's first replies, start to first staff reply (the writer's, per operator): figures. */
  replySpeed: DurationStats;
  /** Today's reactions: each hold's start to its holder's first reply (the holder's): figures. */
  reactionSpeed: DurationStats;
  /** Chats given to an operator today: figures. */
  assigned: number;
  /** Chats closed today, every cause: figures. */
  closed: number;
};

export type SliceRow = SliceCounts & {
  id: string;
  name: string;
  /** Operators online, In work, with a free slot. */
  available: number;
  /** Σ over online In-work operators of the team's dialog limit minus their chats in progress. */
  slots: number;
  status: SliceStatus;
};

export type OperatorRow = SliceCounts & {
  id: string;
  name: string;
  teamIds: readonly string[];
  /** 1 when online, In work and below their dialog limit, else 0 (sums like the team column). */
  available: number;
  /** Their free slots when online and In work, else 0. */
  slots: number;
  /** Their dialog limit: the largest of their teams'. */
  dialogLimit: number;
  state: OperatorState;
};

export type MonitoringTables = {
  channels: SliceRow[];
  teams: SliceRow[];
  operators: OperatorRow[];
};

/** Per slice, the counts and the duration samples of today. */
type Tally = {
  atBot: number;
  inQueue: number;
  atWork: number;
  reply: number[];
  reaction: number[];
  assigned: number;
  closed: number;
};

const emptyTally = (): Tally => ({
  atBot: 0,
  inQueue: 0,
  atWork: 0,
  reply: [],
  reaction: [],
  assigned: 0,
  closed: 0,
});

const counts = (tally: Tally | undefined): SliceCounts => {
  const t = tally ?? emptyTally();
  return {
    atBot: t.atBot,
    inQueue: t.inQueue,
    atWork: t.atWork,
    replySpeed: durationStats(t.reply),
    reactionSpeed: durationStats(t.reaction),
    assigned: t.assigned,
    closed: t.closed,
  };
};

/** Who the operator table lists: active staff who may be given chats, and anyone holding one. */
const OPERATOR_RIGHT = 'AUTHORITY_CHAT_DISTRIBUTION';

/**
 * The three tables. `openChats` are the open chats the filter keeps (the live counts: queue, at
 * work, slots); `figures` are today's figures rows the filter keeps (the day's averages and
 * counts, cut by the server from the roll-ups the reports read, so they agree with today's
 * report: docs/monitoring.md "Today's figures").
 */
export function monitoringTables(
  openChats: readonly ChatFacts[],
  figures: readonly DayFigures[],
  source: People,
): MonitoringTables {
  const byChannel = new Map<string, Tally>();
  const byTeam = new Map<string, Tally>();
  const byOperator = new Map<string, Tally>();
  const tallyOf = (map: Map<string, Tally>, key: string | null): Tally | null => {
    if (key === null) return null;
    let tally = map.get(key);
    if (!tally) {
      tally = emptyTally();
      map.set(key, tally);
    }
    return tally;
  };
  /** Pending chats per team, for the operator rows' queue (their teams' queues). */
  const openDialogs = new Map<string, number>();

  // One pass over the open chats, without allocating per chat: this runs on each filter switch.
  for (const chat of openChats) {
    if (chat.status === 'pending') {
      const channel = tallyOf(byChannel, chat.channelId);
      const team = tallyOf(byTeam, chat.teamId);
      if (channel) channel.inQueue++;
      if (team) team.inQueue++;
    } else if (chat.status === 'assigned' && chat.botId) {
      const channel = tallyOf(byChannel, chat.channelId);
      const team = tallyOf(byTeam, chat.teamId);
      if (channel) channel.atBot++;
      if (team) team.atBot++;
    } else if (chat.status === 'assigned') {
      const channel = tallyOf(byChannel, chat.channelId);
      const team = tallyOf(byTeam, chat.teamId);
      const holder = tallyOf(byOperator, chat.operatorId);
      if (channel) channel.atWork++;
      if (team) team.atWork++;
      if (holder) holder.atWork++;
      if (chat.operatorId)
        openDialogs.set(chat.operatorId, (openDialogs.get(chat.operatorId) ?? 0) + 1);
    }
  }
  // Today's figures: one row per channel, team and operator combination.
  for (const row of figures) {
    for (const tally of [
      tallyOf(byChannel, row.channelId),
      tallyOf(byTeam, row.teamId),
      tallyOf(byOperator, row.operatorId),
    ]) {
      if (!tally) continue;
      for (const value of row.firstReply) tally.reply.push(value);
      for (const value of row.reaction) tally.reaction.push(value);
      tally.assigned += row.assigned;
      tally.closed += row.closed;
    }
  }

  const rights = new Map(source.roles.map((role) => [role.id, new Set<string>(role.rights)]));
  const teamLimit = new Map(source.teams.map((team) => [team.id, team.dialogLimit]));
  const stateOf = (user: User): OperatorState =>
    !user.online ? 'offline' : user.operatorStatus === 'in_work' ? 'in_work' : 'break';
  const operators = source.users.filter(
    (user) =>
      (user.active && rights.get(user.roleId)?.has(OPERATOR_RIGHT) === true) ||
      byOperator.get(user.id)?.atWork,
  );
  const working = operators.filter((user) => stateOf(user) === 'in_work');
  const freeIn = (user: User, limit: number) =>
    Math.max(0, limit - (openDialogs.get(user.id) ?? 0));

  type Capacity = { available: number; slots: number; atWork: number };
  const capacities = new Map<string, Capacity>();
  /** Available operators and free slots of a team, by its dialog limit (once per team). */
  const teamCapacity = (teamId: string | null): Capacity => {
    const limit = teamId === null ? undefined : teamLimit.get(teamId);
    if (teamId === null || limit === undefined) return { available: 0, slots: 0, atWork: 0 };
    const known = capacities.get(teamId);
    if (known) return known;
    let available = 0;
    let slots = 0;
    let people = 0;
    for (const user of working) {
      if (!user.teamIds.includes(teamId)) continue;
      people++;
      const free = freeIn(user, limit);
      slots += free;
      if (free > 0) available++;
    }
    const capacity = { available, slots, atWork: people };
    capacities.set(teamId, capacity);
    return capacity;
  };
  const statusOf = (capacity: { available: number; atWork: number }): SliceStatus =>
    capacity.available > 0 ? 'open' : capacity.atWork > 0 ? 'full' : 'closed';

  const teams = source.teams.map((team): SliceRow => {
    const capacity = teamCapacity(team.id);
    return {
      id: team.id,
      name: team.name,
      ...counts(byTeam.get(team.id)),
      available: capacity.available,
      slots: capacity.slots,
      status: statusOf(capacity),
    };
  });

  // A channel's chats go to its team first (routing rules may send some elsewhere): its people
  // and slots are that team's.
  const channels = source.channels.map((channel): SliceRow => {
    const capacity = teamCapacity(channel.teamId);
    return {
      id: channel.id,
      name: channel.name,
      ...counts(byChannel.get(channel.id)),
      available: capacity.available,
      slots: capacity.slots,
      status: channel.active ? statusOf(capacity) : 'inactive',
    };
  });

  const queueByTeam = new Map(teams.map((team) => [team.id, team.inQueue]));
  const operatorRows = operators.map((user): OperatorRow => {
    const limit = Math.max(0, ...user.teamIds.map((id) => teamLimit.get(id) ?? 0));
    const state = stateOf(user);
    const free = state === 'in_work' ? freeIn(user, limit) : 0;
    let inQueue = 0;
    for (const id of user.teamIds) inQueue += queueByTeam.get(id) ?? 0;
    return {
      id: user.id,
      name: user.name,
      teamIds: user.teamIds,
      ...counts(byOperator.get(user.id)),
      inQueue,
      available: free > 0 ? 1 : 0,
      slots: free,
      dialogLimit: limit,
      state,
    };
  });

  return { channels, teams, operators: operatorRows };
}
