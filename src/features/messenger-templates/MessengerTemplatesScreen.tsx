import { useMemo, useState } from 'react';
import { newId, type MessengerTemplate } from '../../protocol';
import { SectionFrame } from '../../ui/SectionFrame';
import { useI18n } from '../../ui/i18n';
import { MessengerTemplatePanel } from './MessengerTemplatePanel';
import { useMessengerTemplates, useTemplateChannels } from './queries';
import './messenger-templates.css';

type Panel = { id: string; template: MessengerTemplate | undefined };

/**
 * Registered WhatsApp templates (spec §2 `templates/whats-app`, no guard; §3: type, registration
 * date, header, text, footer, buttons, language; docs/messenger-templates.md). The list is read
 * live from the local store, with each template's review as WhatsApp reported it; changes go
 * through the outbox like every command. Writing one needs the channel-administration right, which
 * the server checks; without it the panel's save is refused in words.
 */
export function MessengerTemplatesScreen() {
  const i18n = useI18n();
  const { t } = i18n;
  const templates = useMessengerTemplates();
  const channels = useTemplateChannels();
  const [panel, setPanel] = useState<Panel | null>(null);
  const channelNames = useMemo(
    () => new Map((channels ?? []).map((channel) => [channel.id, channel.name])),
    [channels],
  );
  const date = (iso: string | null) =>
    iso === null ? '—' : i18n.intl.formatDate(iso, { dateStyle: 'medium' });
  const loading = templates === undefined || channels === undefined;

  return (
    <SectionFrame
      title={t('section.preferences.whatsAppTemplates')}
      actions={
        channels && channels.length > 0 ? (
          <button
            className="button button--primary"
            type="button"
            data-testid="messenger-template-add"
            onClick={() => {
              setPanel({ id: newId(), template: undefined });
            }}
          >
            {t('messengerTemplates.add')}
          </button>
        ) : null
      }
    >
      <div className="with-panel">
        <div className="with-panel__list">
          <p className="messenger-templates__intro">{t('messengerTemplates.intro')}</p>
          {loading ? (
            <p className="empty-state">{t('common.loading')}</p>
          ) : channels.length === 0 ? (
            <p className="empty-state" data-testid="messenger-templates-no-channels">
              {t('messengerTemplates.noChannels')}
            </p>
          ) : templates.length === 0 ? (
            <p className="empty-state" data-testid="messenger-templates-empty">
              {t('messengerTemplates.empty')}
            </p>
          ) : (
            <table className="table" data-testid="messenger-templates-table">
              <thead>
                <tr>
                  <th scope="col">{t('messengerTemplates.column.name')}</th>
                  <th scope="col">{t('messengerTemplates.column.channel')}</th>
                  <th scope="col">{t('messengerTemplates.column.category')}</th>
                  <th scope="col">{t('messengerTemplates.column.language')}</th>
                  <th scope="col">{t('messengerTemplates.column.status')}</th>
                  <th scope="col">{t('messengerTemplates.column.registeredAt')}</th>
                </tr>
              </thead>
              <tbody>
                {templates.map((template) => (
                  <tr key={template.id} data-testid="messenger-template-row">
                    <td>
                      <button
                        className="button button--link"
                        type="button"
                        onClick={() => {
                          setPanel({ id: template.id, template });
                        }}
                      >
                        {template.name}
                      </button>
                    </td>
                    <td>{channelNames.get(template.channelId) ?? '—'}</td>
                    <td>{t(`messengerTemplates.category.${template.category}`)}</td>
                    <td>{t(`messengerTemplates.language.${template.language}`)}</td>
                    <td>
                      <span
                        className={`messenger-template-status messenger-template-status--${template.status}`}
                        data-testid="messenger-template-status"
                        title={template.reason ?? undefined}
                      >
                        {t(`messengerTemplates.status.${template.status}`)}
                      </span>
                    </td>
                    <td>{date(template.registeredAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        {panel && channels ? (
          <MessengerTemplatePanel
            key={panel.id}
            templateId={panel.id}
            template={panel.template}
            channels={channels}
            onClose={() => {
              setPanel(null);
            }}
          />
        ) : null}
      </div>
    </SectionFrame>
  );
}
