import type { ReactNode } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { ChatList } from '../../features/chats/ChatList';
import { useI18n } from '../../ui/i18n';
import { usePageTitle } from '../../ui/page-title';
import { SectionFrame } from '../../ui/SectionFrame';

const chatsApi = getRouteApi('/admin/chats');
const adminApi = getRouteApi('/admin');

/** The chat workspace: the list of the chosen menu filter, and beside it the pane a later issue fills with the chat. */
export function ChatsPage(): ReactNode {
  const { t } = useI18n();
  const search = chatsApi.useSearch();
  const { filter, create } = search;
  const { session } = adminApi.useRouteContext();
  usePageTitle(t(`menu.${filter}`));
  return (
    <div className="chats">
      <div className="chats__list">
        <h1 className="chats__title">{t(`menu.${filter}`)}</h1>
        <ChatList filter={filter} viewerId={session.user.id} />
      </div>
      <div className="chats__pane">
        {create ? <SectionFrame title={t('section.createChat')} /> : null}
      </div>
    </div>
  );
}
