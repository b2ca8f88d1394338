import { useMemo } from 'react';
import { SectionFrame } from '../../ui/SectionFrame';
import { useI18n } from '../../ui/i18n';
import { CONNECTABLE_TYPES, connectedCounts, connectedRows } from './channel-list';
import { ChannelLink, ConnectLink, type ChannelLinks } from './channel-links';
import { ChannelsTable } from './ChannelsTable';
import { useChannelsData } from './queries';
import './channels.css';

/**
 * Communication channels (spec §2 "connected vs available", `/admin/preferences/channels/all`,
 * guarded by AUTHORITY_SERVICE_ACCOUNT): the organization's connected channels from the local
 * store, then every type that can be connected, each with its list and its create page.
 */
export function ChannelsScreen({ links }: { links: ChannelLinks }) {
  const { t } = useI18n();
  const data = useChannelsData();
  const rows = useMemo(
    () => (data ? connectedRows(data.channels, data.teams, data.health) : []),
    [data],
  );
  const counts = useMemo(() => connectedCounts(data?.channels ?? []), [data]);

  return (
    <SectionFrame title={t('section.preferences.channels')}>
      <div className="channels">
        <h2 className="channels__heading">{t('channels.connected')}</h2>
        {!data ? (
          <p className="empty-state">{t('common.loading')}</p>
        ) : rows.length === 0 ? (
          <p className="empty-state" data-testid="channels-empty">
            {t('channels.connectedEmpty')}
          </p>
        ) : (
          <ChannelsTable rows={rows} links={links} />
        )}

        <h2 className="channels__heading">{t('channels.available')}</h2>
        <ul className="channels__types" data-testid="channel-types">
          {CONNECTABLE_TYPES.map((type) => (
            <li key={type} className="channels__type" data-testid="channel-type" data-type={type}>
              <ChannelLink
                links={links}
                to={{ page: 'list', type }}
                className="channels__type-name"
              >
                {t(`channelType.${type}`)}
              </ChannelLink>
              <span className="channels__type-count">
                {t('channels.connectedCount', { count: counts.get(type) ?? 0 })}
              </span>
              <ConnectLink links={links} type={type} />
            </li>
          ))}
        </ul>
      </div>
    </SectionFrame>
  );
}
