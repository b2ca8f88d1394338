import type { Chat } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import { isPlainClick } from '../../ui/plain-click';
import { useChatWorkspace } from './chat-workspace';
import { useClientChats, type Directory } from './queries';

/**
 * The client's interaction history: their chats this browser holds, in any channel, newest first.
 * Each opens beside the list.
 */
export function ClientChatsPanel({ chat, directory }: { chat: Chat; directory: Directory }) {
  const { t, intl } = useI18n();
  const { chatHref, openChat } = useChatWorkspace();
  const chats = useClientChats(chat.clientId);
  if (chats === undefined) return <p className="panel__state">{t('common.loading')}</p>;
  return (
    <div className="panel__content" data-testid="panel-history">
      <ul className="client-chats">
        {chats.map((other) => {
          const channel = directory.channels.get(other.channelId);
          const current = other.id === chat.id;
          return (
            <li key={other.id}>
              <a
                className={`client-chats__item${current ? ' client-chats__item--current' : ''}`}
                href={chatHref(other.id)}
                aria-current={current ? 'page' : undefined}
                data-testid="client-chat"
                data-chat-id={other.id}
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  openChat(other.id);
                }}
              >
                <span className="client-chats__channel">
                  {channel?.name ?? t('history.unknownChannel')}
                </span>
                <span className={`badge badge--${other.status}`}>
                  {t(`chats.status.${other.status}`)}
                </span>
                <time className="client-chats__date" dateTime={other.createdAt}>
                  {intl.formatDate(new Date(other.createdAt), {
                    day: 'numeric',
                    month: 'short',
                    year: 'numeric',
                    hour: '2-digit',
                    minute: '2-digit',
                  })}
                </time>
              </a>
            </li>
          );
        })}
      </ul>
      {chats.length <= 1 ? <p className="panel__state">{t('panel.history.onlyThis')}</p> : null}
    </div>
  );
}
