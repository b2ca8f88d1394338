import { useMemo, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  dayRange,
  daysSpan,
  isTimeZone,
  localDay,
  weekStart,
  type LocalDay,
} from '../../protocol/metrics';
import { chatIndexOf } from '../../store/chat-index';
import { useStore } from '../../store/hooks';
import {
  figuresIn,
  mayCount,
  personalObservations,
  type HeldThread,
  type PersonalFigures,
} from './personal-stats';

/** The signed-in operator's figures of today and of this week, and the zone their days are in. */
export type PersonalStatistics = {
  zone: string;
  today: PersonalFigures;
  week: PersonalFigures;
};

/**
 * The organization's zone (the one its reports and the monitoring use), or the browser's until
 * the organization row is in the store.
 */
function useOrganizationZone(): string {
  const db = useStore();
  const zone = useLiveQuery(
    async () => (await db.organizations.toCollection().first())?.timeZone,
    [db],
  );
  return zone && isTimeZone(zone) ? zone : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

// A minute's clock: the figures move with the store, the clock only has to notice a new day.
const MINUTE = 60_000;
function subscribeMinutes(listener: () => void): () => void {
  const timer = setInterval(listener, MINUTE);
  return () => {
    clearInterval(timer);
  };
}

/** Today in the zone; the caller re-renders when the day changes. */
const useToday = (zone: string): LocalDay =>
  useSyncExternalStore(subscribeMinutes, () => localDay(Date.now(), zone));

/**
 * The operator's own statistics, live from the local store: the chats come from the store's
 * in-memory chat index, the threads of those that may count (their history and messages, where
 * held) from a live query, so a take, a reply or a close shows at once. Undefined until the
 * first bootstrap has finished: a half-filled store would under-count.
 */
export function usePersonalStatistics(operatorId: string): PersonalStatistics | undefined {
  const db = useStore();
  const zone = useOrganizationZone();
  const today = useToday(zone);
  const spans = useMemo(
    () => ({ today: dayRange(today, zone), week: daysSpan(weekStart(today), today, zone) }),
    [today, zone],
  );
  const chatIndex = chatIndexOf(db);
  const chats = useSyncExternalStore(chatIndex.subscribe, chatIndex.current);
  const candidates = useMemo(
    () => [...chats.rows.values()].filter((chat) => mayCount(chat, operatorId, spans.week.start)),
    [chats, operatorId, spans.week.start],
  );
  const idsKey = candidates.map((chat) => chat.id).join(',');
  const threads = useLiveQuery(async () => {
    const ids = idsKey ? idsKey.split(',') : [];
    const held = new Map<string, HeldThread>();
    await Promise.all(
      ids.map(async (id) => {
        const [history, messages] = await Promise.all([
          db.chatHistory.where('[chatId+at]').between([id, ''], [id, '\uffff']).toArray(),
          db.messages.where('[chatId+createdAt]').between([id, ''], [id, '\uffff']).toArray(),
        ]);
        if (history.length > 0) held.set(id, { history, messages });
      }),
    );
    return held;
  }, [db, idsKey]);
  const synced = useLiveQuery(async () => {
    const progress = await db.meta.get('bootstrap');
    return progress?.key === 'bootstrap' && progress.value.state === 'done';
  }, [db]);
  return useMemo(() => {
    if (!chats.loaded || synced !== true || threads === undefined) return undefined;
    const observations = candidates.flatMap((chat) =>
      personalObservations(chat, threads.get(chat.id), operatorId),
    );
    return {
      zone,
      today: figuresIn(observations, spans.today),
      week: figuresIn(observations, spans.week),
    };
  }, [chats.loaded, synced, threads, candidates, operatorId, spans, zone]);
}
