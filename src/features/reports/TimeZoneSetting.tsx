import { useId, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { askedSetting, type AskedSetting } from '../../store/asked-setting';
import { useCommandSubmit, useStore } from '../../store/hooks';
import { useToast } from '../../ui/Toasts';
import { problemText, refusalPlace } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import { supportedTimeZones, timeZoneChoices } from './time-zones';

/** The organization's zone as the server fills it for a row stored before the setting existed. */
const DEFAULT_ZONE = 'Europe/Moscow';

/**
 * "Days and times in Europe/Moscow": the organization's time zone, which every report's days,
 * charts and downloads are counted in (docs/reports.md). Whoever controls the account
 * (RIGHT_ACCOUNT_CONTROL) may change it here with `organization.setTimeZone`; the server then
 * recounts the organization's roll-ups. Not predicted (the recount is the server's), so the
 * choice shows as saving until the organization row in the local store follows.
 */
export function TimeZoneSetting({ canChange }: { canChange: boolean }) {
  const i18n = useI18n();
  const { t } = i18n;
  const id = useId();
  const toast = useToast();
  const db = useStore();
  const stored =
    useLiveQuery(async () => (await db.organizations.toCollection().first())?.timeZone, [db]) ??
    DEFAULT_ZONE;
  const [editing, setEditing] = useState(false);
  const [asked, setAsked] = useState<AskedSetting<string> | null>(null);
  const save = useCommandSubmit(() => {
    toast(t('reports.timeZone.saved'));
  });
  const { outcome } = save;
  const { value, waiting, refused } = askedSetting(asked, outcome, stored);
  const zones = useMemo(() => timeZoneChoices(stored, supportedTimeZones()), [stored]);
  const refusal =
    refused && outcome.state === 'rejected' ? refusalPlace(outcome.error, []).problem : null;

  return (
    <div className="report-zone" data-testid="report-zone">
      {editing ? (
        <>
          <label htmlFor={id}>{t('reports.timeZone.label')}</label>{' '}
          <select
            id={id}
            className="field__input report-zone__select"
            data-testid="report-zone-select"
            value={value}
            disabled={waiting}
            onChange={(event) => {
              const next = event.target.value;
              setAsked({ value: next, after: outcome.state === 'idle' ? null : outcome.id });
              void save.submit({ type: 'organization.setTimeZone', payload: { timeZone: next } });
            }}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>{' '}
          <button
            className="button button--link"
            type="button"
            onClick={() => {
              setEditing(false);
            }}
          >
            {t('common.close')}
          </button>
        </>
      ) : (
        <>
          <span data-testid="report-zone-value">
            {t('reports.timeZone.current', { zone: value })}
          </span>
          {canChange ? (
            <>
              {' '}
              <button
                className="button button--link"
                type="button"
                data-testid="report-zone-change"
                onClick={() => {
                  setEditing(true);
                }}
              >
                {t('reports.timeZone.change')}
              </button>
            </>
          ) : null}
        </>
      )}
      {waiting ? (
        <span className="form-status" role="status" data-testid="report-zone-waiting">
          {' '}
          {t('reports.timeZone.waiting')}
        </span>
      ) : refusal ? (
        <span className="form-failure" role="alert">
          {' '}
          {problemText(refusal, i18n)}
        </span>
      ) : null}
    </div>
  );
}
