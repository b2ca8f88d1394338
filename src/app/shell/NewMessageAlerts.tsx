import { useEffect } from 'react';
import { liveQuery } from 'dexie';
import { chatIndexOf } from '../../store';
import { useStore } from '../../store/hooks';
import { useI18n } from '../../ui/i18n';
import { TitleAlert, freshCustomerMessages } from './new-message-alert';

/**
 * Spec §4/§8: a customer's new message while this tab is hidden starts the title alert ("New
 * message!") and, when the user allowed it, a system notification. Coming back to the tab stops it.
 * It watches the in-memory chat index the lists use, so a live event re-reads one chat, not every
 * open chat of the organization.
 */
export function NewMessageAlerts({ userId }: { userId: string }) {
  const db = useStore();
  const { t } = useI18n();
  const title = t('notice.newMessage');

  useEffect(() => {
    const alert = new TitleAlert(document);
    const index = chatIndexOf(db);
    const seen = new Map<string, string>();
    let teamIds: readonly string[] | undefined;
    let first = true;
    const look = () => {
      const snapshot = index.current();
      if (!snapshot.loaded || teamIds === undefined) return;
      const chats = [...snapshot.chats.values()];
      const fresh = first ? [] : freshCustomerMessages(chats, seen, { id: userId, teamIds });
      first = false;
      for (const chat of chats)
        if (chat.status !== 'closed' && chat.lastClientMessageAt)
          seen.set(chat.id, chat.lastClientMessageAt);
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
    };
    const unsubscribe = index.subscribe(look);
    const me = liveQuery(() => db.users.get(userId)).subscribe({
      next: (user) => {
        teamIds = user?.teamIds ?? [];
        look();
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
      unsubscribe();
      me.unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
      alert.stop();
    };
  }, [db, userId, title]);

  return null;
}
