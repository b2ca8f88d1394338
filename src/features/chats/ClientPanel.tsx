import type { Chat, Client } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import { categoryLabel } from './category-tree';
import { useChatWorkspace } from './chat-workspace';
import type { Directory } from './queries';

/**
 * The client's profile with the current request (spec §2). The profile itself is the clients
 * area's, rendered by the app into this panel; the current request is this chat's. The client
 * comes from the chat screen, which reads it anyway: undefined while loading, null when this
 * browser lacks it.
 */
export function ClientPanel({
  chat,
  client,
  directory,
}: {
  chat: Chat;
  client: Client | null | undefined;
  directory: Directory;
}) {
  const { t } = useI18n();
  const { clientProfile } = useChatWorkspace();
  if (client === undefined) return <p className="panel__state">{t('common.loading')}</p>;
  const category = categoryLabel(directory.categories, chat.categoryId);
  return (
    <div className="panel__content" data-testid="panel-client">
      <h3 className="panel__subtitle">{t('panel.client.currentRequest')}</h3>
      <dl className="facts">
        <dt>{t('chat.category.label')}</dt>
        <dd data-testid="current-request-category">{category ?? t('chat.category.notSet')}</dd>
        <dt>{t('panel.session.status')}</dt>
        <dd>{t(`chats.status.${chat.status}`)}</dd>
      </dl>
      {client === null ? (
        <p className="panel__state">{t('panel.client.missing')}</p>
      ) : (
        clientProfile(client.id)
      )}
    </div>
  );
}
