import { useState } from 'react';
import type { Chatbot } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { pageStorage } from '../../store/page-storage';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { SectionFrame } from '../../ui/SectionFrame';
import { useToast } from '../../ui/Toasts';
import { problemText } from '../../ui/forms/field-problems';
import { useI18n, type Translator } from '../../ui/i18n';
import { forgetDraft } from './bot-draft';
import { useChatbots } from './queries';
import './chatbots.css';

/** A bot's state in the list: what chats get, and whether the draft has moved on since. */
export function botStateText(bot: Chatbot, t: Translator['t']): string {
  const published =
    bot.publishedVersion === null
      ? t('chatbots.state.notPublished')
      : t('chatbots.state.published', { version: bot.publishedVersion });
  return bot.publishedVersion !== null && bot.version > bot.publishedVersion
    ? `${published}; ${t('chatbots.state.draftChanged')}`
    : published;
}

/**
 * The organization's chat bots (spec §2 `chat-bots`, guarded by AUTHORITY_SERVICE_ACCOUNT), read
 * live from the local store: name, description, and the draft's version against the published
 * one. Deleting asks first; the server refuses a bot a routing rule uses (RULES_USE_CHATBOT), and
 * the refusal stays in the dialog in words.
 */
export function ChatbotsScreen({
  onOpen,
  onAdd,
}: {
  onOpen: (botId: string) => void;
  onAdd: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const bots = useChatbots();
  const [deleting, setDeleting] = useState<Chatbot | null>(null);
  const remove = useCommandSubmit(() => {
    if (deleting) forgetDraft(pageStorage(), deleting.id);
    toast(t('chatbots.deleted'));
    setDeleting(null);
  });

  return (
    <SectionFrame
      title={t('section.preferences.chatBots')}
      actions={
        <button
          className="button button--primary"
          type="button"
          data-testid="chatbot-add"
          onClick={onAdd}
        >
          {t('chatbots.add')}
        </button>
      }
    >
      {!bots ? (
        <p className="empty-state">{t('common.loading')}</p>
      ) : bots.length === 0 ? (
        <p className="empty-state" data-testid="chatbots-empty">
          {t('chatbots.empty')}
        </p>
      ) : (
        <table className="table" data-testid="chatbots-table">
          <thead>
            <tr>
              <th scope="col">{t('chatbots.column.name')}</th>
              <th scope="col">{t('chatbots.column.description')}</th>
              <th scope="col">{t('chatbots.column.state')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('common.delete')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {bots.map((bot) => (
              <tr key={bot.id} data-testid="chatbot-row" data-chatbot-id={bot.id}>
                <td>
                  <button
                    className="button button--link"
                    type="button"
                    data-testid="chatbot-open"
                    onClick={() => {
                      onOpen(bot.id);
                    }}
                  >
                    {bot.name}
                  </button>
                </td>
                <td className="chatbots__description">{bot.description}</td>
                <td data-testid="chatbot-state">{botStateText(bot, t)}</td>
                <td className="table__actions">
                  <button
                    className="button button--small button--danger"
                    type="button"
                    data-testid="chatbot-delete"
                    onClick={() => {
                      setDeleting(bot);
                    }}
                  >
                    {t('common.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {deleting ? (
        <ConfirmDeleteDialog
          title={t('chatbots.delete.title')}
          confirmLabel={t('chatbots.delete.confirm')}
          testId="chatbot-delete"
          remove={remove}
          command={{ type: 'chatbot.delete', payload: { chatbotId: deleting.id } }}
          refusalText={(error) =>
            problemText(
              error
                ? { kind: 'error', name: error.name, params: error.params }
                : { kind: 'invalid' },
              i18n,
            )
          }
          onClose={() => {
            setDeleting(null);
          }}
        >
          <p>{t('chatbots.delete.text', { name: deleting.name })}</p>
        </ConfirmDeleteDialog>
      ) : null}
    </SectionFrame>
  );
}
