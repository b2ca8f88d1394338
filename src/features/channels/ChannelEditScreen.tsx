import { useState } from 'react';
import { SectionFrame } from '../../ui/SectionFrame';
import { useI18n } from '../../ui/i18n';
import { AutoRepliesTab } from './AutoRepliesTab';
import type { PageType } from './channel-list';
import { ChannelLink, type ChannelLinks } from './channel-links';
import { RoutingTab } from './RoutingTab';
import { ThresholdsForm } from './ThresholdsForm';
import { ChannelHealthView } from './ChannelHealthView';
import { ChannelForm } from './ChannelForm';
import { formType } from './channel-form';
import { useChannelSettings } from './queries';
import './channels.css';

export const CHANNEL_TABS = ['general', 'routing', 'autoReplies'] as const;
export type ChannelTab = (typeof CHANNEL_TABS)[number];

/**
 * A channel's edit page (spec §2: the tabs General, Routing and Auto-replies), read from the local
 * store: it opens offline, and a channel of another type than the address names is not found.
 */
export function ChannelEditScreen({
  type,
  channelId,
  links,
  appOrigin,
}: {
  type: PageType;
  channelId: string;
  links: ChannelLinks;
  /** This installation's address, for the site chat's embed snippet. */
  appOrigin: string;
}) {
  const { t } = useI18n();
  const data = useChannelSettings(channelId);
  const [tab, setTab] = useState<ChannelTab>('general');
  const title = t('section.preferences.channelEdit', { type: t(`channelType.${type}`) });
  if (!data) return <SectionFrame title={title}>{t('common.loading')}</SectionFrame>;
  const { channel } = data;
  if (!channel || channel.type !== type)
    return (
      <SectionFrame title={title}>
        <div className="channels">
          <p className="empty-state" data-testid="channel-not-found">
            {t('channels.notFound')}
          </p>
          <ChannelLink links={links} to={{ page: 'all' }}>
            {t('channels.backToAll')}
          </ChannelLink>
        </div>
      </SectionFrame>
    );
  const team = data.teams.find((row) => row.id === channel.teamId);

  return (
    <SectionFrame title={`${title} — ${channel.name}`}>
      <div className="channels">
        <ChannelLink
          links={links}
          to={type === 'support' ? { page: 'all' } : { page: 'list', type }}
        >
          {t('channels.backToList')}
        </ChannelLink>
        <ChannelHealthView health={data.health} />
        <div className="channels__tabs" role="tablist">
          {CHANNEL_TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`channel-tab-${name}`}
              className="channels__tab"
              aria-selected={tab === name}
              aria-controls="channel-tab-panel"
              data-testid={`channel-tab-${name}`}
              onClick={() => {
                setTab(name);
              }}
            >
              {t(`channels.tab.${name}`)}
            </button>
          ))}
        </div>
        <div id="channel-tab-panel" role="tabpanel" aria-labelledby={`channel-tab-${tab}`}>
          {tab === 'general' ? (
            <div className="channels" data-testid="general-tab">
              <dl className="channels__facts">
                <dt>{t('channels.column.name')}</dt>
                <dd data-testid="channel-name">{channel.name}</dd>
                <dt>{t('channels.column.type')}</dt>
                <dd>{t(`channelType.${channel.type}`)}</dd>
                <dt>{t('channels.column.team')}</dt>
                <dd>{team?.name ?? t('channels.noTeam')}</dd>
                <dt>{t('channels.column.active')}</dt>
                <dd>{t(channel.active ? 'channels.active.yes' : 'channels.active.no')}</dd>
              </dl>
              {formType(channel.type) ? (
                <ChannelForm
                  key={channel.id}
                  type={formType(channel.type) ?? 'site_chat'}
                  channelId={channel.id}
                  channel={channel}
                  channels={data.channels}
                  teams={data.teams}
                  appOrigin={appOrigin}
                  onCreated={() => undefined}
                />
              ) : null}
              <ThresholdsForm key={channel.id} channel={channel} />
            </div>
          ) : tab === 'routing' ? (
            <RoutingTab
              channelId={channel.id}
              rules={data.rules}
              teams={data.teams}
              bots={data.bots}
            />
          ) : (
            <AutoRepliesTab
              key={channel.id}
              channelId={channel.id}
              channelType={channel.type}
              waitMinutes={channel.autoReplyWaitMinutes}
              rows={data.autoReplies}
            />
          )}
        </div>
      </div>
    </SectionFrame>
  );
}
