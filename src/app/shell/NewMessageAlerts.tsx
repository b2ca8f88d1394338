import { useEffect } from 'react';
import { liveQuery } from 'dexie';
import { useStore } from '../../store';
import { useI18n } from '../../ui/i18n';
import { TitleAlert, freshCustomerMessages } from './new-message-alert';

/**
 * Spec §4/§8: a customer's new message while this tab is hidden starts the title alert ("New
 * message!") and, when the user allowed it, a system notification. Coming back to the tab stops it.
 */
export function NewMessageAlerts({ userId }: { userId: string }) {
  const db = useStore();
  const { t } = useI18n();
  const title = t('notice.newMessage');

  useEffect(() => {
    const alert = new TitleAlert(document);
    const seen = new Map<string, string>();
    let first = true;
    const subscription = liveQuery(async () => ({
      me: await db.users.get(userId),
      chats: await db.chats.where('status').anyOf('pending', 'assigned').toArray(),
    })).subscribe({
      next: ({ me, chats }) => {
        const fresh = first
          ? []
          : freshCustomerMessages(chats, seen, { id: userId, teamIds: me?.teamIds ?? [] });
        first = false;
        for (const chat of chats)
          if (chat.lastClientMessageAt) seen.set(chat.id, chat.lastClientMessageAt);
        if (fresh.length === 0 || document.visibilityState === 'visible') return;
        alert.start(title);
        if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
          void Promise.all(fresh.map((chat) => db.clients.get(chat.clientId))).then((clients) => {
            const names = clients
              .map((client) => client?.name)
              .filter(Boolean)
              .join(', ');
            new Notification(title, { body: names, tag: 'sc-new-message' });
          });
        }
      },
      error: (error: unknown) => {
        console.warn('new-message alerts stopped', error);
      },
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') alert.stop();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      subscription.unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
      alert.stop();
    };
  }, [db, userId, title]);

  return null;
}
