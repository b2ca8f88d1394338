import { memo } from 'react';
import type { LocalMessage } from '../../store';
import { useI18n } from '../../ui/i18n';
import { Icon } from '../../ui/Icon';
import { AttachmentView } from './AttachmentView';
import { HELD_VIEW, messageSide, showsStatus, statusView } from './message-view';

/**
 * One message. Its text is rendered as text (React escapes it), never as HTML: it comes from
 * customers and channels. Internal notes stand apart and say so.
 */
export const MessageItem = memo(function MessageItem({
  message,
  author,
}: {
  message: LocalMessage;
  author: string;
}) {
  const { t, intl } = useI18n();
  const side = messageSide(message.authorKind);
  // A reply held for its channel (its access lapsed) waits visibly, with why, as a queued one does.
  const held = message.status === 'sent' && message.heldFor === 'reauthorization';
  const status = held ? HELD_VIEW : statusView(message.status);
  const time = intl.formatTime(new Date(message.createdAt), { hour: '2-digit', minute: '2-digit' });
  return (
    <article
      className={`message message--${side}${message.internal ? ' message--internal' : ''}`}
      data-testid="message"
      data-message-id={message.id}
      data-status={message.status}
      data-held={held ? 'reauthorization' : undefined}
      data-internal={String(message.internal)}
      data-side={side}
    >
      <header className="message__head">
        <span className="message__author">{author}</span>
        {message.internal ? (
          <span className="message__internal-label">{t('message.internal')}</span>
        ) : null}
        {message.template ? (
          // Sent as a registered template: the customer got the template, these are its words.
          <span className="message__internal-label" data-testid="message-template">
            {t('messengerTemplates.badge', { name: message.template.name })}
          </span>
        ) : null}
      </header>
      {message.text === '' ? null : <p className="message__text">{message.text}</p>}
      {message.attachments.length > 0 ? (
        <div className="message__attachments">
          {message.attachments.map((attachment) => (
            <AttachmentView key={attachment.id} attachment={attachment} />
          ))}
        </div>
      ) : null}
      <footer className="message__foot">
        <time dateTime={message.createdAt}>{time}</time>
        {showsStatus(message) ? (
          <span
            className={`message__status message__status--${status.tone}`}
            title={t(status.label)}
            data-testid="message-status"
          >
            {status.mark === 'clock' ? (
              <Icon name="clock" size={12} />
            ) : (
              <span aria-hidden="true">{status.mark}</span>
            )}
            {held || message.status === 'queued' || message.status === 'undelivered' ? (
              <span className="message__status-text">{t(status.label)}</span>
            ) : (
              <span className="visually-hidden">{t(status.label)}</span>
            )}
          </span>
        ) : null}
      </footer>
    </article>
  );
});
