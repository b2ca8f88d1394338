import { useState } from 'react';
import { useI18n } from '../../ui/i18n';
import { embedSnippet } from './channel-form';

/** The site-chat widget's tag for the company's pages, with a Copy button. */
export function EmbedSnippet({ appOrigin, channelId }: { appOrigin: string; channelId: string }) {
  const { t } = useI18n();
  const snippet = embedSnippet(appOrigin, channelId);
  const [copied, setCopied] = useState(false);
  return (
    <div className="channels__snippet">
      <p className="channels__note">{t('channels.form.snippetHint')}</p>
      <pre data-testid="embed-snippet">
        <code>{snippet}</code>
      </pre>
      <button
        className="button"
        type="button"
        data-testid="embed-snippet-copy"
        onClick={() => {
          void navigator.clipboard.writeText(snippet).then(() => {
            setCopied(true);
          });
        }}
      >
        {t(copied ? 'channels.form.snippetCopied' : 'channels.form.snippetCopy')}
      </button>
    </div>
  );
}
