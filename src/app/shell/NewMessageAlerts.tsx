import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { liveQuery } from 'dexie';
import type { Chat } from '../../protocol';
import { chatIndexOf, type InboxDb } from '../../store';
import { useStore } from '../../store/hooks';
import { useI18n, type Translator } from '../../ui/i18n';
import { showSystemNotification } from '../../ui/system-notification';
import { readPushPreferences } from '../../features/profile/push-preferences';
import { OPEN_URL_MESSAGE_TYPE } from '../../sw/constants';
import {
  chatNotices,
  chatUrlOf,
  dueReminders,
  waitingSince,
  type ChatNotice,
  type NoticeViewer,
} from './chat-notifications';
import { TitleAlert, freshCustomerMessages } from './new-message-alert';

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
 * re-reads one chat, not every open chat of the organization.
 */
export function NewMessageAlerts({ userId }: { userId: string }) {
  const db = useStore();
  const i18n = useI18n();
  const navigate = useNavigate();
  const title = i18n.t('notice.newMessage');

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
    const seenMessages = new Map<string, string>();
    let seenChats = new Map<string, Chat>();
    const reminded = new Map<string, string>();
    let viewer: NoticeViewer | undefined;
    let first = true;
    const hidden = () => document.visibilityState !== 'visible';
    const open = (url: string) => {
      void navigate({ href: url });
    };
    const look = () => {
      const snapshot = index.current();
      if (!snapshot.loaded || viewer === undefined) return;
      const chats = [...snapshot.chats.values()];
      const fresh = first ? [] : freshCustomerMessages(chats, seenMessages, viewer);
      const notices = first
        ? []
        : chatNotices(chats, seenChats, viewer, readPushPreferences(userId));
      first = false;
      for (const chat of chats)
        if (chat.status !== 'closed' && chat.lastClientMessageAt)
          seenMessages.set(chat.id, chat.lastClientMessageAt);
      seenChats = new Map(snapshot.chats);
      if (!hidden()) return;
      if (fresh.length > 0) alert.start(title);
      for (const notice of notices) void notify(db, notice, i18n, open);
    };
    const remind = () => {
      const snapshot = index.current();
      if (!snapshot.loaded || viewer === undefined || !hidden()) return;
      const preferences = readPushPreferences(userId);
      if (!preferences.events.reminder) return;
      const me = viewer;
      const due = dueReminders(
        snapshot.chats.values(),
        me,
        preferences.reminderMinutes,
        new Date(),
        reminded,
      );
      for (const chat of due) {
        reminded.set(chat.id, waitingSince(chat, me) ?? '');
        void notify(db, { event: 'reminder', chat }, i18n, open, preferences.reminderMinutes);
      }
    };
    const unsubscribe = index.subscribe(look);
    const me = liveQuery(() => db.users.get(userId)).subscribe({
      next: (user) => {
        viewer = { id: userId, teamIds: user?.teamIds ?? [] };
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
      me.unsubscribe();
      clearInterval(reminders);
      document.removeEventListener('visibilitychange', onVisibility);
      alert.stop();
    };
  }, [db, userId, title, i18n, navigate]);

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
