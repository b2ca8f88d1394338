import { useMemo, useRef, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Client, DayFigures } from '../../protocol';
import { isTimeZone, localDay, type LocalDay } from '../../protocol/metrics';
import { chatIndexOf } from '../../store/chat-index';
import { clientIndexOf } from '../../store/client-index';
import { useStore } from '../../store/hooks';
import { factsCache, type ChatFacts, type People } from './monitoring-model';

/** What the monitoring tables are computed from, live from the local store. */
export type MonitoringData = {
  loaded: boolean;
  /** Every chat in the store (open, and closed in the last 30 days). */
  facts: ChatFacts[];
  /** The open ones: what the live counts and the client table run over. */
  openFacts: ChatFacts[];
  /** Today's figures rows as the server last sent them (any day; the screen keeps today's). */
  figures: DayFigures[];
  people: People;
  clients: ReadonlyMap<string, Client>;
};

const NO_PEOPLE: People = { users: [], roles: [], teams: [], channels: [] };
const NO_FIGURES: DayFigures[] = [];

/**
 * `loaded` holds once the store has finished its first bootstrap and the indexes have read it.
 * Chats and customers come from the store's in-memory indexes (table-index.ts), kept current from
 * Dexie's change notices: an event re-reads the one changed row, and the tables are recounted from
 * memory without reading 10,000 chats from IndexedDB. People, roles, teams and channels are small
 * tables read with live queries.
 */
export function useMonitoringData(): MonitoringData {
  const db = useStore();
  const chatIndex = chatIndexOf(db);
  const clientIndex = clientIndexOf(db);
  const chats = useSyncExternalStore(chatIndex.subscribe, chatIndex.current);
  const clients = useSyncExternalStore(clientIndex.subscribe, clientIndex.current);
  const people = useLiveQuery(async () => {
    const [users, roles, teams, channels] = await Promise.all([
      db.users.toArray(),
      db.roles.toArray(),
      db.teams.toArray(),
      db.channels.toArray(),
    ]);
    return { users, roles, teams, channels };
  }, [db]);
  // Until the first bootstrap has finished, the store holds only part of the chats (or none):
  // counting them would show a supervisor an empty queue that is not empty.
  const synced = useLiveQuery(async () => {
    const progress = await db.meta.get('bootstrap');
    return progress?.key === 'bootstrap' && progress.value.state === 'done';
  }, [db]);
  // A small table (one row per channel, team and operator combination of today).
  const figures = useLiveQuery(() => db.dayFigures.toArray(), [db]);
  const cache = useRef(factsCache());
  const facts = useMemo(() => cache.current(chats.rows.values()), [chats]);
  const openFacts = useMemo(() => facts.filter((chat) => chat.status !== 'closed'), [facts]);
  return {
    loaded: chats.loaded && people !== undefined && synced === true && figures !== undefined,
    facts,
    openFacts,
    figures: figures ?? NO_FIGURES,
    people: people ?? NO_PEOPLE,
    clients: clients.rows,
  };
}

// ---------------------------------------------------------------------------------------------
// One shared one-second clock for every running wait on the page (not a timer per row).

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribeClock(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const each of listeners) each();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const clockNow = () => now;

/** The shared clock's time: re-renders the caller once a second, with every other caller. */
export const useNow = (): number => useSyncExternalStore(subscribeClock, clockNow);

/**
 * The zone "today" is taken in: the organization's (its setting, the one its reports use), so a
 * supervisor abroad sees the same day as the reports; the browser's own until the organization
 * row is known (an older local copy without the setting).
 */
export function useMonitoringZone(): string {
  const db = useStore();
  const zone = useLiveQuery(
    async () => (await db.organizations.toCollection().first())?.timeZone,
    [db],
  );
  return zone && isTimeZone(zone) ? zone : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Today's name in the zone (YYYY-MM-DD); the caller re-renders only when the day changes (the
 * snapshot stays the same all day).
 */
export const useToday = (zone: string): LocalDay =>
  useSyncExternalStore(subscribeClock, () => localDay(now, zone));
