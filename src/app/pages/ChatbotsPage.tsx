import { useEffect, useState, type ReactNode } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { newId } from '../../protocol';
import { ChatbotEditor } from '../../features/chatbots/ChatbotEditor';
import { ChatbotsScreen } from '../../features/chatbots/ChatbotsScreen';

const botApi = getRouteApi('/admin/preferences/chat-bots/bot');

/**
 * The organization's chat bots (spec §2 `chat-bots`; the route is guarded by
 * AUTHORITY_SERVICE_ACCOUNT, spec §6).
 */
export function ChatbotsPage(): ReactNode {
  const navigate = useNavigate();
  return (
    <ChatbotsScreen
      onOpen={(id) => {
        void navigate({ to: '/admin/preferences/chat-bots/bot', search: { id } });
      }}
      onAdd={() => {
        void navigate({ to: '/admin/preferences/chat-bots/bot', search: { id: undefined } });
      }}
    />
  );
}

/**
 * One bot's editor (spec §2 `chat-bots/bot?id=`). Without an id a new bot is drawn: it is given
 * one at once, written into the address, so a reload finds its draft kept under that id.
 */
export function ChatbotPage(): ReactNode {
  const navigate = useNavigate();
  const { id } = botApi.useSearch();
  const [fresh] = useState(newId);
  const botId = id ?? fresh;
  useEffect(() => {
    if (id === undefined)
      void navigate({
        to: '/admin/preferences/chat-bots/bot',
        search: { id: fresh },
        replace: true,
      });
  }, [id, fresh, navigate]);
  return (
    <ChatbotEditor
      key={botId}
      botId={botId}
      onBack={() => {
        void navigate({ to: '/admin/preferences/chat-bots' });
      }}
      onOpenBot={(other) => {
        void navigate({ to: '/admin/preferences/chat-bots/bot', search: { id: other } });
      }}
    />
  );
}
