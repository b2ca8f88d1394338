import { useMemo } from 'react';
import { SectionFrame } from '../../ui/SectionFrame';
import { useI18n } from '../../ui/i18n';
import { connectedRows, type ConnectableType } from './channel-list';
import { ChannelLink, ConnectLink, type ChannelLinks } from './channel-links';
import { ChannelsTable } from './ChannelsTable';
import { useChannelsData } from './queries';
import './channels.css';

/** One type's list page (`/admin/preferences/channels/{type}`): its channels and Connect. */
export function ChannelTypeScreen({ type, links }: { type: ConnectableType; links: ChannelLinks }) {
  const { t } = useI18n();
  const data = useChannelsData();
  const rows = useMemo(
    () => (data ? connectedRows(data.channels, data.teams, data.health, type) : []),
    [data, type],
  );
  return (
    <SectionFrame
      title={t('section.preferences.channelList', { type: t(`channelType.${type}`) })}
      actions={<ConnectLink links={links} type={type} />}
    >
      <div className="channels">
        <ChannelLink links={links} to={{ page: 'all' }}>
          {t('channels.backToAll')}
        </ChannelLink>
        {!data ? (
          <p className="empty-state">{t('common.loading')}</p>
        ) : rows.length === 0 ? (
          <p className="empty-state" data-testid="channels-empty">
            {t('channels.typeEmpty')}
          </p>
        ) : (
          <ChannelsTable rows={rows} links={links} />
        )}
      </div>
    </SectionFrame>
  );
}
