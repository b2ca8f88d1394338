import type { Chat } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import { AppAnchor, ClientProfile, type AppLink, type ProfileAccess } from './ClientProfile';
import { useInteractionHistory } from './queries';

/**
 * The full client view (/admin/clients/$clientId): the profile beside the interaction history
 * over every channel — the client's chats this browser holds, newest first, each opening its chat.
 */
export function ClientView({
  clientId,
  viewerId,
  access,
  customStatuses,
  mergeLink,
  chatLink,
}: {
  clientId: string;
  viewerId: string;
  access: ProfileAccess;
  customStatuses: boolean;
  mergeLink: AppLink;
  chatLink: (chat: Chat) => AppLink;
}) {
  const { t, intl } = useI18n();
  const history = useInteractionHistory(clientId);
  return (
    <div className="client-view" data-testid="client-view">
      <section aria-labelledby="client-view-profile">
        <h2 id="client-view-profile">{t('clients.profile')}</h2>
        <ClientProfile
          clientId={clientId}
          viewerId={viewerId}
          access={access}
          customStatuses={customStatuses}
          mergeLink={mergeLink}
        />
      </section>
      <section aria-labelledby="client-view-history" data-testid="client-history">
        <h2 id="client-view-history">{t('clients.history')}</h2>
        {history === undefined ? (
          <p className="panel__state">{t('common.loading')}</p>
        ) : history.chats.length === 0 ? (
          <p className="panel__state">{t('clients.history.empty')}</p>
        ) : (
          <ul className="client-chats">
            {history.chats.map((chat) => (
              <li key={chat.id} data-testid="client-history-chat" data-chat-id={chat.id}>
                <AppAnchor link={chatLink(chat)} testId="client-history-open">
                  {`${history.channels.get(chat.channelId)?.name ?? t('clients.history.unknownChannel')} · ${t(`chats.status.${chat.status}`)} · ${intl.formatDate(
                    new Date(chat.createdAt),
                    {
                      day: 'numeric',
                      month: 'short',
                      year: 'numeric',
                      hour: '2-digit',
                      minute: '2-digit',
                    },
                  )}`}
                </AppAnchor>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
