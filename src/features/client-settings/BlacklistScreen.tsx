import { useMemo, useState } from 'react';
import { newId } from '../../protocol';
import { SectionFrame } from '../../ui/SectionFrame';
import { useI18n, type Translator } from '../../ui/i18n';
import { BlacklistPanel } from './BlacklistPanel';
import { BlockedMessages } from './BlockedMessages';
import { RemoveEntryDialog } from './RemoveEntryDialog';
import { blacklistView, type BlacklistRow } from './blacklist-list';
import { useBlacklistData } from './queries';
import './client-settings.css';

/** An entry's value as people read it: a channel identity names its channel. */
function shownValue(row: BlacklistRow, t: Translator['t']): string {
  if (row.kind !== 'channel') return row.value;
  return t('clientSettings.blacklist.channelValue', {
    value: row.value,
    channel: row.channelName ?? t('clientSettings.blacklist.unknownChannel'),
  });
}

/**
 * Blacklist (spec §2 `/admin/preferences/black-list`, no guard): phones, e-mails and channel
 * identities whose messages open no chat (checked at ingest, docs/client-profiles.md), who added
 * each and when, and under each the messages set aside from it, so nothing is lost from view.
 */
export function BlacklistScreen() {
  const { t, intl } = useI18n();
  const data = useBlacklistData();
  const view = useMemo(
    () => (data ? blacklistView(data.entries, data.messages, data.channels, data.users) : null),
    [data],
  );
  const [adding, setAdding] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ entryId: string; shown: string } | null>(null);

  return (
    <SectionFrame
      title={t('section.preferences.blackList')}
      actions={
        <button
          className="button button--primary"
          type="button"
          data-testid="blacklist-add"
          onClick={() => {
            setAdding(newId());
          }}
        >
          {t('clientSettings.blacklist.add')}
        </button>
      }
    >
      <div className="with-panel">
        <div className="with-panel__list">
          <p className="client-settings__note">{t('clientSettings.blacklist.intro')}</p>
          {!view ? (
            <p className="empty-state">{t('common.loading')}</p>
          ) : view.rows.length === 0 ? (
            <p className="empty-state" data-testid="blacklist-empty">
              {t('clientSettings.blacklist.empty')}
            </p>
          ) : (
            <table className="table" data-testid="blacklist-table">
              <thead>
                <tr>
                  <th scope="col">{t('clientSettings.blacklist.column.kind')}</th>
                  <th scope="col">{t('clientSettings.blacklist.column.value')}</th>
                  <th scope="col">{t('clientSettings.blacklist.column.added')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('clientSettings.blacklist.remove')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.rows.map((row) => {
                  const shown = shownValue(row, t);
                  const at = intl.formatDate(row.addedAt, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  });
                  return (
                    <tr key={row.id} data-testid="blacklist-row" data-entry-id={row.id}>
                      <td>{t(`clientSettings.blacklist.kind.${row.kind}`)}</td>
                      <td>
                        <span data-testid="blacklist-value">{shown}</span>
                        <p className="client-settings__blocked-meta">
                          {t('clientSettings.blacklist.messages', { count: row.messages.length })}
                        </p>
                        <BlockedMessages messages={row.messages} />
                      </td>
                      <td>
                        {row.addedByName === null
                          ? t('clientSettings.blacklist.addedByNobody', { at })
                          : t('clientSettings.blacklist.addedBy', {
                              name: row.addedByName ?? t('clientSettings.blacklist.unknownUser'),
                              at,
                            })}
                      </td>
                      <td>
                        <button
                          className="button"
                          type="button"
                          data-testid="blacklist-remove"
                          aria-label={t('clientSettings.blacklist.removeLabel', { value: shown })}
                          onClick={() => {
                            setRemoving({ entryId: row.id, shown });
                          }}
                        >
                          {t('clientSettings.blacklist.remove')}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          {view && view.orphaned.length > 0 ? (
            <section aria-labelledby="blacklist-orphaned">
              <h2 id="blacklist-orphaned" className="client-settings__heading">
                {t('clientSettings.blacklist.orphaned')}
              </h2>
              <BlockedMessages messages={view.orphaned} />
            </section>
          ) : null}
        </div>
        {adding && data ? (
          <BlacklistPanel
            key={adding}
            entryId={adding}
            channels={data.channels}
            onClose={() => {
              setAdding(null);
            }}
          />
        ) : null}
      </div>
      {removing ? (
        <RemoveEntryDialog
          entryId={removing.entryId}
          shown={removing.shown}
          onClose={() => {
            setRemoving(null);
          }}
        />
      ) : null}
    </SectionFrame>
  );
}
