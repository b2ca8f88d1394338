import { useMessagesWithFiles } from '../../store/hooks';
import { useI18n } from '../../ui/i18n';
import { FileLink } from './AttachmentView';

/** Every file sent or received in this chat, newest first. */
export function ChatFilesPanel({ chatId }: { chatId: string }) {
  const { t, intl } = useI18n();
  const messages = useMessagesWithFiles(chatId);
  if (!messages) return <div className="panel__content" aria-busy="true" />;
  const files = messages
    .flatMap((message) => message.attachments.map((attachment) => ({ attachment, message })))
    .reverse();
  return (
    <div className="panel__content" data-testid="panel-files">
      {files.length === 0 ? (
        <p className="panel__state">{t('panel.files.none')}</p>
      ) : (
        <ul className="chat-files">
          {files.map(({ attachment, message }) => (
            <li key={attachment.id} className="chat-files__item" data-testid="chat-file">
              <FileLink attachment={attachment} />
              <time className="chat-files__date" dateTime={message.createdAt}>
                {intl.formatDate(new Date(message.createdAt), {
                  day: 'numeric',
                  month: 'short',
                  hour: '2-digit',
                  minute: '2-digit',
                })}
              </time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
