import { useMemo, useState } from 'react';
import { newId, type ClientStatus } from '../../protocol';
import { SectionFrame } from '../../ui/SectionFrame';
import { useI18n } from '../../ui/i18n';
import { StatusPanel } from './StatusPanel';
import { useClientStatuses, useClients } from './queries';
import { customStatusRows, innerStatusRows, statusUsage } from './status-list';
import './client-settings.css';

type Panel = { statusId: string; status: ClientStatus | undefined };

/**
 * Customer statuses (spec §2 `/admin/preferences/statuses`, guarded by AUTHORITY_PROFILE_STATUS):
 * the six inner statuses, read-only, and the organization's own with their colours, each with how
 * many local clients hold it. Without the client-statuses option (`hasOption` false) the page says
 * so and offers no changes: the spec guards this route by right only (docs/client-profiles.md).
 */
export function StatusesScreen({ hasOption }: { hasOption: boolean }) {
  const { t } = useI18n();
  const statuses = useClientStatuses();
  const clients = useClients();
  const usage = useMemo(() => statusUsage([...clients.rows.values()]), [clients]);
  const custom = useMemo(() => customStatusRows(statuses ?? [], usage), [statuses, usage]);
  const [panel, setPanel] = useState<Panel | null>(null);
  const count = (n: number) => (clients.loaded ? n : '…');

  return (
    <SectionFrame
      title={t('section.preferences.statuses')}
      actions={
        hasOption ? (
          <button
            className="button button--primary"
            type="button"
            data-testid="status-add"
            onClick={() => {
              setPanel({ statusId: newId(), status: undefined });
            }}
          >
            {t('clientSettings.statuses.add')}
          </button>
        ) : null
      }
    >
      <div className="with-panel">
        <div className="with-panel__list">
          {hasOption ? null : (
            <p className="notice notice--warning" role="note" data-testid="statuses-no-option">
              {t('clientSettings.statuses.noOption')}
            </p>
          )}
          <h2 className="client-settings__heading">{t('clientSettings.statuses.custom')}</h2>
          {!statuses ? (
            <p className="empty-state">{t('common.loading')}</p>
          ) : custom.length === 0 ? (
            <p className="empty-state" data-testid="statuses-empty">
              {t('clientSettings.statuses.customEmpty')}
            </p>
          ) : (
            <table className="table" data-testid="statuses-table">
              <thead>
                <tr>
                  <th scope="col">{t('clientSettings.statuses.column.name')}</th>
                  <th scope="col">{t('clientSettings.statuses.column.colour')}</th>
                  <th scope="col" className="table__number">
                    {t('clientSettings.statuses.column.clients')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {custom.map((row) => (
                  <tr
                    key={row.id}
                    data-testid="status-row"
                    data-status-id={row.id}
                    aria-selected={panel?.statusId === row.id}
                  >
                    <td>
                      {hasOption ? (
                        <button
                          className="button button--link"
                          type="button"
                          onClick={() => {
                            setPanel({ statusId: row.id, status: row });
                          }}
                        >
                          {row.name}
                        </button>
                      ) : (
                        row.name
                      )}
                    </td>
                    <td>
                      <span className="client-settings__colour">
                        <span
                          className="colour-swatch"
                          style={row.hex ? { background: row.hex } : undefined}
                          aria-hidden="true"
                        />
                        {row.colourName
                          ? t(`clientSettings.colour.${row.colourName}`)
                          : t('clientSettings.colour.unknown')}
                      </span>
                    </td>
                    <td className="table__number" data-testid="status-clients">
                      {count(row.clients)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}

          <h2 className="client-settings__heading">{t('clientSettings.statuses.inner')}</h2>
          <p className="client-settings__note">{t('clientSettings.statuses.innerHint')}</p>
          <table className="table" data-testid="inner-statuses-table">
            <thead>
              <tr>
                <th scope="col">{t('clientSettings.statuses.column.name')}</th>
                <th scope="col" className="table__number">
                  {t('clientSettings.statuses.column.clients')}
                </th>
              </tr>
            </thead>
            <tbody>
              {innerStatusRows(usage).map((row) => (
                <tr key={row.status} data-testid="inner-status-row">
                  <td>{t(`clientSettings.statuses.inner.${row.status}`)}</td>
                  <td className="table__number">{count(row.clients)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {panel && hasOption ? (
          <StatusPanel
            key={panel.statusId}
            statusId={panel.statusId}
            status={panel.status}
            clients={usage.get(panel.statusId) ?? 0}
            onClose={() => {
              setPanel(null);
            }}
          />
        ) : null}
      </div>
    </SectionFrame>
  );
}
