import { memo } from 'react';
import type { Chat } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import { isPlainClick } from '../../ui/plain-click';
import { useChatWorkspace } from './chat-workspace';
import { listTime, rowPreview, urgencyOf, type RowMatch, type RowPreview } from './chat-row-view';
import { useUnreadCount } from '../../store/hooks';

/**
 * One row of a chat list: client, last message time, the last message's first line and who wrote
 * it (or the message the list search found the chat by), status and urgency; a link that opens
 * the chat beside the list. Names and previews are text, never HTML.
 *
 * Memoized, with props that stay the same while the row does: a reply or a live message changes
 * one chat, and the other rows of the screen are not drawn again. `today` (a day key) is what the
 * time label depends on of the clock: the hour today, the date before, so a new day redraws them.
 */
export const ChatRow = memo(function ChatRow({
  chat,
  clientName,
  viewerId,
  authorName,
  query,
  match,
  today,
  selected,
  top,
  height,
}: {
  chat: Chat;
  clientName: string | undefined;
  viewerId: string;
  /** The name of the staff member the preview names, if another's. */
  authorName: string | undefined;
  /** The list search's text, marked in the preview; '' when none. */
  query: string;
  /** The message the list search found this chat by, if any. */
  match: RowMatch | undefined;
  today: string;
  selected: boolean;
  top: number;
  height: number;
}) {
  const { t, intl } = useI18n();
  const { chatHref, openChat } = useChatWorkspace();
  const urgency = urgencyOf(chat);
  const preview = rowPreview(chat, viewerId, query, match);
  // Notes and bots do not move lastMessageAt; the row's time is its newest message's.
  const at =
    preview && !preview.matched && preview.at > chat.lastMessageAt
      ? preview.at
      : chat.lastMessageAt;
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
        <time className="chat-row__time" dateTime={at}>
          {listTime(intl, at, today)}
        </time>
        {preview ? <PreviewLine preview={preview} authorName={authorName} /> : null}
        <span className="chat-row__status">{t(`chats.status.${chat.status}`)}</span>
        {urgency === 'none' ? null : (
          <span className="chat-row__urgency">{t(`chats.expiry.${urgency}`)}</span>
        )}
        <UnreadBadge chatId={chat.id} lastClientMessageAt={chat.lastClientMessageAt} />
      </a>
    </div>
  );
});

/** The row's second line: who wrote it, then its text with the search's words marked. */
function PreviewLine({
  preview,
  authorName,
}: {
  preview: RowPreview;
  authorName: string | undefined;
}) {
  const { t } = useI18n();
  const who =
    preview.who === 'client'
      ? null
      : preview.who === 'operator'
        ? authorName
          ? t('chats.preview.operator', { name: authorName })
          : t('chats.preview.staff')
        : t(`chats.preview.${preview.who}`);
  return (
    <span
      className={`chat-row__preview${preview.matched ? ' chat-row__preview--matched' : ''}`}
      data-testid="chat-row-preview"
    >
      {who ? <span className="chat-row__who">{who} </span> : null}
      {preview.files ? '📎 ' : null}
      {preview.segments.map((segment, i) =>
        segment.marked ? <mark key={i}>{segment.text}</mark> : segment.text,
      )}
    </span>
  );
}

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
