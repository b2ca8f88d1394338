import type { ChatbotVersion } from '../../protocol';
import { TextAreaField } from '../../ui/forms/TextAreaField';
import { TextField } from '../../ui/forms/TextField';
import { useI18n } from '../../ui/i18n';
import type { BotContent } from './scenario-edit';

/**
 * The bot's own fields (spec §3: a unique name, a description, the required default message),
 * shown while no node is chosen, and its published versions, each restorable as the draft.
 */
export function BotPanel({
  content,
  errors,
  versions,
  publishedVersion,
  mayRestore,
  restoring,
  onChange,
  onRestore,
}: {
  content: BotContent;
  errors: { name?: string | undefined; defaultMessage?: string | undefined };
  versions: readonly ChatbotVersion[];
  publishedVersion: number | null;
  /** Restoring replaces the draft: only while it holds nothing unsaved. */
  mayRestore: boolean;
  restoring: boolean;
  onChange: (content: BotContent, key: string) => void;
  onRestore: (version: number) => void;
}) {
  const { t, lang } = useI18n();
  const at = (iso: string) =>
    new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  return (
    <div className="chatbot-bot" data-testid="chatbot-bot-panel">
      <TextField
        label={t('chatbots.field.name')}
        value={content.name}
        required
        maxLength={200}
        data-testid="chatbot-name"
        error={errors.name}
        onValue={(name) => {
          onChange({ ...content, name }, 'bot:name');
        }}
      />
      <TextAreaField
        label={t('chatbots.field.description')}
        value={content.description}
        rows={2}
        maxLength={2000}
        data-testid="chatbot-description"
        onValue={(description) => {
          onChange({ ...content, description }, 'bot:description');
        }}
      />
      <TextAreaField
        label={t('chatbots.field.defaultMessage')}
        value={content.defaultMessage}
        rows={3}
        required
        maxLength={4096}
        data-testid="chatbot-default-message"
        error={errors.defaultMessage}
        onValue={(defaultMessage) => {
          onChange({ ...content, defaultMessage }, 'bot:defaultMessage');
        }}
      />
      <p className="form__hint">{t('chatbots.field.defaultMessage.hint')}</p>

      <section className="chatbot-versions" aria-labelledby="chatbot-versions-heading">
        <h3 id="chatbot-versions-heading">{t('chatbots.versions.heading')}</h3>
        {versions.length === 0 ? (
          <p className="form__hint">{t('chatbots.versions.empty')}</p>
        ) : (
          <>
            <p className="form__hint">
              {mayRestore
                ? t('chatbots.versions.restore.hint')
                : t('chatbots.versions.restore.unsaved')}
            </p>
            <ul className="chatbot-versions__list" data-testid="chatbot-versions">
              {versions.map((version) => (
                <li key={version.id} data-testid="chatbot-version" data-version={version.version}>
                  <span>
                    {t('chatbots.versions.item', {
                      version: version.version,
                      at: at(version.publishedAt),
                    })}
                    {version.version === publishedVersion ? (
                      <strong> — {t('chatbots.versions.current')}</strong>
                    ) : null}
                  </span>
                  <button
                    className="button button--small"
                    type="button"
                    data-testid="chatbot-version-restore"
                    disabled={!mayRestore || restoring}
                    onClick={() => {
                      onRestore(version.version);
                    }}
                  >
                    {t('chatbots.versions.restore')}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
