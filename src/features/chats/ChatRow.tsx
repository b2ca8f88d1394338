import type { CSSProperties } from 'react';
import type { Chat } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import { listTime, urgencyOf } from './chat-row-view';

/** One row of a chat list: client, last message time, status and urgency. Names are text, never HTML. */
export function ChatRow({
  chat,
  clientName,
  now,
  style,
}: {
  chat: Chat;
  clientName: string | undefined;
  now: Date;
  style: CSSProperties;
}) {
  const { t, intl } = useI18n();
  const urgency = urgencyOf(chat);
  return (
    <div
      className={`chat-row chat-row--${urgency}`}
      style={style}
      role="listitem"
      data-testid="chat-row"
      data-chat-id={chat.id}
      data-urgency={urgency}
    >
      <span className="chat-row__name">{clientName ?? t('chats.unknownClient')}</span>
      <time className="chat-row__time" dateTime={chat.lastMessageAt}>
        {listTime(intl, chat.lastMessageAt, now)}
      </time>
      <span className="chat-row__status">{t(`chats.status.${chat.status}`)}</span>
      {urgency === 'none' ? null : (
        <span className="chat-row__urgency">{t(`chats.expiry.${urgency}`)}</span>
      )}
    </div>
  );
}
