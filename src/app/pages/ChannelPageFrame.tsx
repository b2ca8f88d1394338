import type { ReactNode } from 'react';
import { useParams } from '@tanstack/react-router';
import { useI18n, type MessageKey } from '../../ui/i18n';
import { SectionFrame } from '../../ui/SectionFrame';
import { channelPageType, type ChannelPage } from '../routes/channel-pages';

const TITLES: Record<ChannelPage, MessageKey> = {
  list: 'section.preferences.channelList',
  create: 'section.preferences.channelCreate',
  edit: 'section.preferences.channelEdit',
};

/** The frame of a channel type's list, create or edit page, titled with the type's name. */
export function ChannelPageFrame({ page }: { page: ChannelPage }): ReactNode {
  const { t } = useI18n();
  const { type } = useParams({ from: '/admin/preferences/channels/$type' });
  const channelType = channelPageType(type, page);
  const typeName = channelType ? t(`channelType.${channelType}`) : type;
  return <SectionFrame title={t(TITLES[page], { type: typeName })} />;
}
