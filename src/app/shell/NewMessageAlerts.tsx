import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { liveQuery } from 'dexie';
import { OPEN_URL_MESSAGE_TYPE, type Chat } from '../../protocol';
import {
  changedRows,
  chatIndexOf,
  clientIndexOf,
  spamClientIds,
  withoutSpam,
  type InboxDb,
} from '../../store';
import { useStore } from '../../store/hooks';
import { useI18n, type Translator } from '../../ui/i18n';
import { showSystemNotification } from '../../ui/system-notification';
import { readPushPreferences } from '../../features/profile/push-preferences';
import {
  chatNotices,
  chatUrlOf,
  dueReminders,
  waitingSince,
  type ChatNotice,
  type NoticeViewer,
} from './chat-notifications';
import {
  TitleAlert,
  freshCustomerMessages,
  lookAction,
  type BootstrapProgress,
} from './new-message-alert';

/** How often the answer reminders are looked for: a reminder is at most this late. */
const REMINDER_CHECK_MS = 15_000;
/** A notice's text is a glance, not the message: the rest is one click away. */
const NOTICE_TEXT_MAX = 140;

/**
 * Spec §4/§8: a customer's new message while this tab is hidden starts the title alert ("New
 * message!"). The events the user chose in the profile (a chat in my queue, a customer writing in
 * my chat, a chat transferred to me, a chat waiting for my answer) show a system notification
 * while the tab is hidden, when the browser allows it; a click opens the chat. Coming back to the
 * tab stops the title alert. It watches the in-memory chat index the lists use, so a live event
 * re-reads one chat, not every open chat of the organization. A bootstrap (after a gap the server
 * cannot fill) empties and refills the chats: that is no news, so the chats are learnt again.
 * A customer flagged as spam raises no alert, notice or reminder until the flag is lifted (the
 * customers' index says who is: spam-clients.ts).
 */
export function NewMessageAlerts({ userId }: { userId: string }) {
  const db = useStore();
  const i18n = useI18n();
  const navigate = useNavigate();
  // Read at the moment of a notice: a language switch must not restart the watch below, which
  // would forget the reminders already shown and show them all again.
  const i18nRef = useRef(i18n);
  useEffect(() => {
    i18nRef.current = i18n;
  }, [i18n]);

  // A click on a notice shown through the service worker arrives here as a message.
  useEffect(() => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container) return;
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return;
      const { type, url } = data as { type?: unknown; url?: unknown };
      if (type === OPEN_URL_MESSAGE_TYPE && typeof url === 'string') void navigate({ href: url });
    };
    container.addEventListener('message', onMessage);
    return () => {
      container.removeEventListener('message', onMessage);
    };
  }, [navigate]);

  useEffect(() => {
    const alert = new TitleAlert(document);
    const index = chatIndexOf(db);
    const customers = clientIndexOf(db);
    const seenMessages = new Map<string, string>();
    // The chats at the last look: a snapshot, which is never changed in place.
    let seenChats: ReadonlyMap<string, Chat> = new Map();
    const reminded = new Map<string, string>();
    let viewer: NoticeViewer | undefined;
    let bootstrap: BootstrapProgress = { state: 'unknown' };
    // The bootstrap (its cursor) the seen chats were learnt under; null before the first look.
    let learntAt: number | null = null;
    const hidden = () => document.visibilityState !== 'visible';
    const open = (url: string) => {
      void navigate({ href: url });
    };
    const look = () => {
      const snapshot = index.current();
      const clients = customers.current();
      if (!snapshot.loaded || !clients.loaded || viewer === undefined) return;
      const spam = spamClientIds(clients.rows);
      const action = lookAction(learntAt, bootstrap, index.caughtUp());
      if (action.kind === 'wait') return;
      const learning = action.kind === 'learn';
      // Only chats changed since the last look can be news: a live event changes one, not 10,000.
      const chats = learning ? [...snapshot.rows.values()] : changedRows(seenChats, snapshot.rows);
      const news = withoutSpam(chats, spam);
      const fresh = learning ? [] : freshCustomerMessages(news, seenMessages, viewer);
      const notices = learning
        ? []
        : chatNotices(news, seenChats, viewer, readPushPreferences(userId));
      if (learning) {
        learntAt = action.at;
        seenMessages.clear();
      }
      for (const chat of chats)
        if (chat.status !== 'closed' && chat.lastClientMessageAt)
          seenMessages.set(chat.id, chat.lastClientMessageAt);
      seenChats = snapshot.rows;
      if (!hidden()) return;
      if (fresh.length > 0) alert.start(i18nRef.current.t('notice.newMessage'));
      for (const notice of notices) void notify(db, notice, i18nRef.current, open);
    };
    const remind = () => {
      const snapshot = index.current();
      const clients = customers.current();
      if (!snapshot.loaded || !clients.loaded || viewer === undefined || !hidden()) return;
      const preferences = readPushPreferences(userId);
      if (!preferences.events.reminder) return;
      const me = viewer;
      const spam = spamClientIds(clients.rows);
      const due = dueReminders(
        spam.size === 0 ? snapshot.rows.values() : withoutSpam([...snapshot.rows.values()], spam),
        me,
        preferences.reminderMinutes,
        new Date(),
        reminded,
      );
      for (const chat of due) {
        reminded.set(chat.id, waitingSince(chat, me) ?? '');
        const minutes = preferences.reminderMinutes;
        void notify(db, { event: 'reminder', chat }, i18nRef.current, open, minutes);
      }
    };
    const unsubscribe = index.subscribe(look);
    const unsubscribeCustomers = customers.subscribe(look);
    const me = liveQuery(() => db.users.get(userId)).subscribe({
      next: (user) => {
        viewer = { id: userId, teamIds: user?.teamIds ?? [] };
        look();
      },
      error: (error: unknown) => {
        console.warn('new-message alerts stopped', error);
      },
    });
    // Written with the bootstrap's chats, so its `done` arrives after the index heard of them all.
    const progress = liveQuery(() => db.meta.get('bootstrap')).subscribe({
      next: (row) => {
        bootstrap =
          row?.key !== 'bootstrap'
            ? { state: 'unknown' }
            : row.value.state === 'done'
              ? { state: 'done', cursor: row.value.cursor }
              : { state: 'loading' };
        look();
      },
      error: (error: unknown) => {
        console.warn('new-message alerts stopped', error);
      },
    });
    const reminders = setInterval(remind, REMINDER_CHECK_MS);
    const onVisibility = () => {
      if (hidden()) remind();
      else alert.stop();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      unsubscribe();
      unsubscribeCustomers();
      me.unsubscribe();
      progress.unsubscribe();
      clearInterval(reminders);
      document.removeEventListener('visibilitychange', onVisibility);
      alert.stop();
    };
  }, [db, userId, navigate]);

  return null;
}

/** Shows one notice: what happened as its title, the customer and their last words as its text. */
async function notify(
  db: InboxDb,
  notice: ChatNotice,
  i18n: Translator,
  open: (url: string) => void,
  minutes?: number,
): Promise<void> {
  const { chat, event } = notice;
  const [client, last] = await Promise.all([
    db.clients.get(chat.clientId),
    db.messages
      .where('[chatId+createdAt]')
      .between([chat.id, ''], [chat.id, '\uffff'])
      .reverse()
      .filter((message) => message.authorKind === 'client')
      .first(),
  ]);
  const who = client?.name || i18n.t('profile.notice.customer');
  const words = last?.text.trim() ?? '';
  const text = words.length > NOTICE_TEXT_MAX ? `${words.slice(0, NOTICE_TEXT_MAX)}…` : words;
  await showSystemNotification(
    {
      title: i18n.t(`profile.notice.${event}`, { minutes: minutes ?? 0 }),
      body: text ? `${who}: ${text}` : who,
      // One notice per chat: a second message replaces the first instead of piling up.
      tag: `sc-chat-${chat.id}`,
      url: chatUrlOf(notice),
    },
    open,
  );
}
