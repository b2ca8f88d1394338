import { useId, useMemo, useState } from 'react';
import type { Client } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import { searchClients } from './merge-rules';
import { useClients } from './queries';

/**
 * One side of the merge: the chosen profile with its phone and e-mail and a way to change it, or a
 * search over local profiles by name, phone or e-mail to choose one.
 */
export function ProfilePicker({
  label,
  testId,
  client,
  missing,
  except,
  onPick,
}: {
  label: string;
  testId: string;
  /** The chosen profile, when there is one and it is found locally. */
  client: Client | null;
  /** An id was chosen (or given in the address) that names no local profile. */
  missing: boolean;
  /** The profile chosen on the other side, left out of the results. */
  except: string | undefined;
  onPick: (id: string | undefined) => void;
}) {
  const { t } = useI18n();
  const [query, setQuery] = useState('');
  const clients = useClients();
  const found = useMemo(
    () => searchClients(clients.rows.values(), query, except),
    [clients, query, except],
  );
  const inputId = useId();
  const headingId = useId();

  return (
    <section className="merge__side" aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className="client-settings__heading">
        {label}
      </h2>
      {client ? (
        <div data-testid="merge-picked">
          <strong data-testid="merge-picked-name">{client.name}</strong>
          {client.phone ? <div>{client.phone}</div> : null}
          {client.email ? <div>{client.email}</div> : null}
          <button
            className="button button--link"
            type="button"
            onClick={() => {
              onPick(undefined);
            }}
          >
            {t('clientSettings.merge.change')}
          </button>
        </div>
      ) : (
        <>
          {missing ? (
            <p className="form-failure" role="alert">
              {t('clientSettings.merge.unknownClient')}
            </p>
          ) : null}
          <label className="field__label" htmlFor={inputId}>
            {t('clientSettings.merge.search')}
          </label>
          <input
            id={inputId}
            className="field__input"
            type="search"
            data-testid="merge-search"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
            }}
          />
          {query.trim() !== '' && clients.loaded && found.length === 0 ? (
            <p className="empty-state">{t('clientSettings.merge.noResults')}</p>
          ) : (
            <ul className="merge__results">
              {found.map((row) => (
                <li key={row.id} data-testid="merge-result">
                  <span>
                    {row.name}
                    {row.phone || row.email ? (
                      <span className="client-settings__blocked-meta">
                        {' '}
                        {[row.phone, row.email].filter(Boolean).join(', ')}
                      </span>
                    ) : null}
                  </span>
                  <button
                    className="button"
                    type="button"
                    aria-label={`${t('clientSettings.merge.pick')} ${row.name}`}
                    onClick={() => {
                      onPick(row.id);
                      setQuery('');
                    }}
                  >
                    {t('clientSettings.merge.pick')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
