import type { ReactNode } from 'react';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { ClientView } from '../../features/clients/ClientView';
import { useI18n } from '../../ui/i18n';
import { usePageTitle } from '../../ui/page-title';
import {
  chatListOf,
  clientProfileAccess,
  customStatusesAllowed,
  mergeContactsHref,
} from './client-profile-access';

const adminApi = getRouteApi('/admin');
const clientApi = getRouteApi('/admin/clients/$clientId');

/**
 * /admin/clients/$clientId: the client's full profile and their interaction history over every
 * channel. Editable as the chat screen's panel is (client-profile-access.ts).
 */
export function ClientPage(): ReactNode {
  const { t } = useI18n();
  usePageTitle(t('clients.view.title'));
  const { session } = adminApi.useRouteContext();
  const { clientId } = clientApi.useParams();
  const router = useRouter();
  const link = (href: string) => ({
    href,
    open: () => {
      router.history.push(href);
    },
  });
  return (
    <ClientView
      clientId={clientId}
      viewerId={session.user.id}
      access={clientProfileAccess(session.user)}
      customStatuses={customStatusesAllowed(session.user)}
      mergeLink={link(mergeContactsHref(clientId))}
      chatLink={(chat) =>
        link(
          router.buildLocation({
            to: '/admin/chats',
            search: { filter: chatListOf(chat.status), chat: chat.id },
          }).href,
        )
      }
    />
  );
}
