import { INNER_CLIENT_STATUSES, type Chat, type Client } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import { categoryLabel } from './category-tree';
import type { Directory } from './queries';

const isInnerStatus = (status: string): status is (typeof INNER_CLIENT_STATUSES)[number] =>
  (INNER_CLIENT_STATUSES as readonly string[]).includes(status);

/**
 * The client's profile (spec §2 "client profile with current request"). The client comes from the
 * chat screen, which reads it anyway: undefined while loading, null when this browser lacks it.
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
  if (client === undefined) return <p className="panel__state">{t('common.loading')}</p>;
  const category = categoryLabel(directory.categories, chat.categoryId);
  return (
    <div className="panel__content" data-testid="panel-client">
      {client === null ? (
        <p className="panel__state">{t('panel.client.missing')}</p>
      ) : (
        <dl className="facts">
          <dt>{t('panel.client.name')}</dt>
          <dd data-testid="client-name">{client.name || t('chats.unknownClient')}</dd>
          <dt>{t('panel.client.phone')}</dt>
          <dd>{client.phone ? <a href={`tel:${client.phone}`}>{client.phone}</a> : '—'}</dd>
          <dt>{t('panel.client.email')}</dt>
          <dd>{client.email ? <a href={`mailto:${client.email}`}>{client.email}</a> : '—'}</dd>
          <dt>{t('panel.client.status')}</dt>
          <dd>
            {isInnerStatus(client.status) ? t(`client.status.${client.status}`) : client.status}
          </dd>
          <dt>{t('panel.client.tags')}</dt>
          <dd>
            {client.tags.length === 0 ? (
              '—'
            ) : (
              <ul className="tags">
                {client.tags.map((tag) => (
                  <li key={tag} className="tag">
                    {tag}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      )}
      <h3 className="panel__subtitle">{t('panel.client.currentRequest')}</h3>
      <dl className="facts">
        <dt>{t('chat.category.label')}</dt>
        <dd data-testid="current-request-category">{category ?? t('chat.category.notSet')}</dd>
        <dt>{t('panel.session.status')}</dt>
        <dd>{t(`chats.status.${chat.status}`)}</dd>
      </dl>
    </div>
  );
}
