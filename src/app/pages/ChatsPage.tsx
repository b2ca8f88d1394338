import { Suspense, lazy, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import type { Right } from '../../protocol';
import { ChatList } from '../../features/chats/ChatList';
// The open chat's styles hold the list rows' and the open layout's too: they load with the page.
import '../../features/chats/chat-screen.css';
import { ChatWorkspaceContext, type ChatWorkspace } from '../../features/chats/chat-workspace';
import { useI18n } from '../../ui/i18n';
import { usePageTitle } from '../../ui/page-title';
import { SessionStorage } from '../session/session-storage';
import { chosenList } from '../shell/chosen-list';
import {
  clientProfileAccess,
  clientViewHref,
  customStatusesAllowed,
  mergeContactsHref,
} from './client-profile-access';

// The open chat (thread, composer, side panels) and the new-chat form are chunks of their own:
// the list's first paint does without them (DESIGN §6); they are fetched soon after it.
const loadChatScreen = () => import('../../features/chats/ChatScreen');
const loadCreateChatPane = () => import('../../features/chats/CreateChatPane');
const ChatScreen = lazy(async () => ({ default: (await loadChatScreen()).ChatScreen }));
// The profile and its phone rules load with the open chat, never with the list.
const loadClientProfile = () => import('../../features/clients/ClientProfile');
const ClientProfile = lazy(async () => ({
  default: (await loadClientProfile()).ClientProfile,
}));
const CreateChatPane = lazy(async () => ({
  default: (await loadCreateChatPane()).CreateChatPane,
}));
// Long after a warm start's first list (DESIGN §6: ≤ 100 ms), well before a person clicks a chat.
const PANE_PREFETCH_DELAY_MS = 1000;

const chatsApi = getRouteApi('/admin/chats');
const adminApi = getRouteApi('/admin');

/** The chat workspace: the list of the chosen menu filter, and beside it the open chat. */
export function ChatsPage(): ReactNode {
  const { t } = useI18n();
  const route = chatsApi.useSearch();
  // A list just chosen in the menu shows before the router's transition commits its URL.
  const chosen = useSyncExternalStore(chosenList.subscribe, chosenList.current);
  useEffect(() => {
    chosenList.clear();
  }, [route.filter, route.chat, route.create]);
  useEffect(
    () => () => {
      chosenList.clear();
    },
    [],
  );
  useEffect(() => {
    const prefetch = setTimeout(() => {
      // A prefetch that fails (offline before the service worker cached it) is retried on open.
      loadChatScreen().catch(() => undefined);
      loadCreateChatPane().catch(() => undefined);
      loadClientProfile().catch(() => undefined);
    }, PANE_PREFETCH_DELAY_MS);
    return () => {
      clearTimeout(prefetch);
    };
  }, []);
  const { filter, create, chat } = chosen
    ? { filter: chosen, create: undefined, chat: undefined }
    : route;
  const { session } = adminApi.useRouteContext();
  const navigate = useNavigate();
  const router = useRouter();
  usePageTitle(t(`menu.${filter}`));

  const workspace = useMemo<ChatWorkspace>(() => {
    const target = (chatId: string | undefined) =>
      ({ to: '/admin/chats', search: { filter, chat: chatId } }) as const;
    const storage = new SessionStorage(localStorage);
    const access = clientProfileAccess(session.user);
    const link = (href: string) => ({
      href,
      open: () => {
        router.history.push(href);
      },
    });
    return {
      viewerId: session.user.id,
      rights: new Set(session.user.role.rights.map((right) => right.name as Right)),
      // Each opened chat is a history entry, so Back returns to the previous one.
      chatHref: (chatId) => router.buildLocation(target(chatId)).href,
      openChat: (chatId) => void navigate(target(chatId)),
      closeChat: () => void navigate(target(undefined)),
      fetchChat: (chatId) => session.sync.fetchChat(chatId),
      // Read at each download: the token of spec §3, kept under `token`.
      fileToken: () => storage.readToken(),
      clientProfile: (clientId) => (
        <Suspense fallback={null}>
          <ClientProfile
            clientId={clientId}
            viewerId={session.user.id}
            access={access}
            customStatuses={customStatusesAllowed(session.user)}
            mergeLink={link(mergeContactsHref(clientId))}
            fullViewLink={link(clientViewHref(clientId))}
          />
        </Suspense>
      ),
    };
  }, [filter, navigate, router, session]);

  return (
    <ChatWorkspaceContext value={workspace}>
      <div className={`chats${chat && !create ? ' chats--open' : ''}`}>
        <div className="chats__list">
          <h1 className="chats__title">{t(`menu.${filter}`)}</h1>
          <ChatList filter={filter} viewerId={session.user.id} selectedChatId={chat} />
        </div>
        <div className="chats__pane">
          {/* Nothing while a pane's chunk loads: a few milliseconds, from the service worker. */}
          <Suspense fallback={null}>
            {create ? (
              <CreateChatPane
                onCreated={(chatId) => {
                  void navigate({
                    to: '/admin/chats',
                    search: { filter: 'created', chat: chatId },
                  });
                }}
              />
            ) : chat ? (
              <ChatScreen chatId={chat} />
            ) : (
              <p className="chats__placeholder">{t('chats.choose')}</p>
            )}
          </Suspense>
        </div>
      </div>
    </ChatWorkspaceContext>
  );
}
