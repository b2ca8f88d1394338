import { useState } from 'react';
import { newId } from '../../protocol';
import { SectionFrame } from '../../ui/SectionFrame';
import { useI18n } from '../../ui/i18n';
import { ChannelForm } from './ChannelForm';
import { formType } from './channel-form';
import type { ConnectableType } from './channel-list';
import { ChannelLink, type ChannelLinks } from './channel-links';
import { useChannelsData } from './queries';
import { returningChannelId } from './sign-in-return';
import './channels.css';

/**
 * A type's create page (spec §2 wizards). Types with an adapter here (telegram, e-mail, and our
 * own site chat) have their form; the others say they cannot be connected yet rather than take
 * settings nothing would use.
 */
export function ChannelCreateScreen({
  type,
  links,
  appOrigin,
}: {
  type: ConnectableType;
  links: ChannelLinks;
  appOrigin: string;
}) {
  const { t } = useI18n();
  const data = useChannelsData();
  // The new channel's id, chosen here so an offline create keeps it (docs/adding-an-area.md).
  const form = formType(type);
  // Back from signing in at the provider, the id the sign-in was made for.
  const [channelId] = useState(() => (form ? returningChannelId(form) : null) ?? newId());
  return (
    <SectionFrame
      title={t('section.preferences.channelCreate', { type: t(`channelType.${type}`) })}
    >
      <div className="channels">
        <ChannelLink links={links} to={{ page: 'list', type }}>
          {t('channels.backToList')}
        </ChannelLink>
        {!form ? (
          <p className="empty-state" data-testid="channel-no-wizard">
            {t('channels.form.noWizard')}
          </p>
        ) : !data ? (
          <p className="empty-state">{t('common.loading')}</p>
        ) : (
          <ChannelForm
            type={form}
            channelId={channelId}
            channel={undefined}
            channels={data.channels}
            teams={data.teams}
            appOrigin={appOrigin}
            onCreated={() => {
              links.open({ page: 'edit', type, id: channelId });
            }}
          />
        )}
      </div>
    </SectionFrame>
  );
}
