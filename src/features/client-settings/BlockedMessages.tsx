import type { BlockedMessage } from '../../protocol';
import { useI18n } from '../../ui/i18n';

/**
 * Messages set aside from a blocked customer, newest first: when, under what name, the text (as
 * text, never HTML: whatever the customer wrote is shown, not run) and how many files came with it.
 */
export function BlockedMessages({ messages }: { messages: readonly BlockedMessage[] }) {
  const { t, intl } = useI18n();
  if (messages.length === 0) return null;
  return (
    <ul className="client-settings__blocked" data-testid="blocked-messages">
      {messages.map((message) => (
        <li key={message.id} data-testid="blocked-message">
          <span className="client-settings__blocked-meta">
            <time dateTime={message.receivedAt}>
              {intl.formatDate(message.receivedAt, { dateStyle: 'medium', timeStyle: 'short' })}
            </time>
            {' · '}
            {message.name ?? t('clientSettings.blacklist.message.anonymous')}
            {message.attachmentCount > 0
              ? ` · ${t('clientSettings.blacklist.message.files', { count: message.attachmentCount })}`
              : null}
          </span>
          <p className="client-settings__blocked-text">{message.text}</p>
        </li>
      ))}
    </ul>
  );
}
