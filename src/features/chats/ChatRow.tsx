import { memo } from 'react';
import type { Chat } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import { isPlainClick } from '../../ui/plain-click';
import { useChatWorkspace } from './chat-workspace';
import { listTime, urgencyOf } from './chat-row-view';
import { useUnreadCount } from '../../store/hooks';

/**
 * One row of a chat list: client, last message time, status and urgency; a link that opens the
 * chat beside the list. Names are text, never HTML.
 *
 * Memoized, with props that stay the same while the row does: a reply or a live message changes
 * one chat, and the other rows of the screen are not drawn again. `today` (a day key) is what the
 * time label depends on of the clock: the hour today, the date before, so a new day redraws them.
 */
export const ChatRow = memo(function ChatRow({
  chat,
  clientName,
  today,
  selected,
  top,
  height,
}: {
  chat: Chat;
  clientName: string | undefined;
  today: string;
  selected: boolean;
  top: number;
  height: number;
}) {
  const { t, intl } = useI18n();
  const { chatHref, openChat } = useChatWorkspace();
  const urgency = urgencyOf(chat);
  return (
    <div
      className={`chat-row chat-row--${urgency}${selected ? ' chat-row--selected' : ''}`}
      style={{ height, transform: `translateY(${String(top)}px)` }}
      role="listitem"
      data-testid="chat-row"
      data-chat-id={chat.id}
      data-urgency={urgency}
    >
      <a
        className="chat-row__link"
        href={chatHref(chat.id)}
        aria-current={selected ? 'page' : undefined}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          openChat(chat.id);
        }}
      >
        <span className="chat-row__name">{clientName ?? t('chats.unknownClient')}</span>
        <time className="chat-row__time" dateTime={chat.lastMessageAt}>
          {listTime(intl, chat.lastMessageAt, today)}
        </time>
        <span className="chat-row__status">{t(`chats.status.${chat.status}`)}</span>
        {urgency === 'none' ? null : (
          <span className="chat-row__urgency">{t(`chats.expiry.${urgency}`)}</span>
        )}
        <UnreadBadge chatId={chat.id} lastClientMessageAt={chat.lastClientMessageAt} />
      </a>
    </div>
  );
});

/** Customer messages the user has not seen yet in this chat. */
function UnreadBadge({
  chatId,
  lastClientMessageAt,
}: {
  chatId: string;
  lastClientMessageAt: string | null;
}) {
  const { t } = useI18n();
  const unread = useUnreadCount(chatId, lastClientMessageAt);
  if (!unread) return null;
  return (
    <span
      className="chat-row__unread"
      data-testid="unread"
      aria-label={t('chats.unread', { count: unread })}
    >
      {unread}
    </span>
  );
}
