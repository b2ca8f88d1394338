import { useMemo, useState, type ReactNode } from 'react';
import {
  DOWNLOADABLE_TABS,
  REPORT_FORMATS,
  TAB_SLICE,
  type ReportFormat,
  type ReportQuery,
  type ReportResult,
  type ReportTab,
} from '../../protocol/reports';
import { reportChart, reportTable, type ReportLabels } from '../../protocol/reports/report-tables';
import { useI18n, type Translator } from '../../ui/i18n';
import { SectionFrame } from '../../ui/SectionFrame';
import { TimeZoneSetting } from './TimeZoneSetting';
import { PeriodPicker } from './PeriodPicker';
import { ReportChart } from './ReportChart';
import { ReportTableView } from './ReportTableView';
import { checkPeriod, reportQueryOf } from './period';
import { useReportChoice } from './report-choice';
import { useReportDirectory, useStoredReport, type ReportDirectory } from './queries';
import { useReportAnswer, type AskState } from './use-report-answer';
import { downloadReport, type DownloadOutcome } from './download';
import './reports.css';

/** When the numbers were computed, on the organization's clock, its zone named beside it. */
function computedAtText(result: ReportResult, i18n: Translator): string {
  let at: string;
  try {
    at = new Intl.DateTimeFormat(i18n.lang, {
      timeZone: result.timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(result.computedAt));
  } catch {
    at = result.computedAt;
  }
  return i18n.t('reports.computedAt', { at, zone: result.timeZone });
}

function failureText(ask: AskState, i18n: Translator): string | null {
  if (ask.state !== 'failed') return null;
  if (ask.failure.kind === 'refused')
    return i18n.error(ask.failure.error.name, ask.failure.error.params);
  if (ask.failure.kind === 'malformed') return i18n.t('reports.failed.malformed');
  return i18n.t(ask.offline ? 'reports.offlineNothing' : 'reports.failed.unreachable');
}

function ReportBody({
  result,
  directory,
}: {
  result: ReportResult;
  directory: ReportDirectory | undefined;
}): ReactNode {
  const i18n = useI18n();
  const { t } = i18n;
  const model = useMemo(() => {
    const names = directory?.names ?? { channels: {}, teams: {}, operators: {}, categories: {} };
    const labels: ReportLabels = {
      total: t('reports.total'),
      unknown: t('reports.unknown'),
      none: t(`reports.none.${TAB_SLICE[result.query.tab]}`),
    };
    const table = reportTable(result, names, labels);
    return { table, chart: reportChart(result, table, names, labels) };
  }, [result, directory, t]);
  if (result.empty)
    return (
      <p className="report-empty" data-testid="report-no-data">
        {t('reports.noData')}
      </p>
    );
  return (
    <>
      <ReportChart chart={model.chart} i18n={i18n} />
      <ReportTableView table={model.table} i18n={i18n} />
    </>
  );
}

function DownloadButtons({
  query,
  result,
  token,
}: {
  query: ReportQuery | null;
  result: ReportResult | null;
  token: () => string | null;
}): ReactNode {
  const { t, lang, error } = useI18n();
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const [outcome, setOutcome] = useState<DownloadOutcome | null>(null);
  const run = async (format: ReportFormat) => {
    if (!query) return;
    setBusy(format);
    setOutcome(null);
    setOutcome(
      await downloadReport({
        query,
        format,
        language: lang,
        token: token(),
        period: result ? { from: result.from, to: result.to } : null,
      }),
    );
    setBusy(null);
  };
  return (
    <div className="report-downloads">
      {REPORT_FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          className="button"
          disabled={!query || busy !== null}
          data-testid={`report-download-${format}`}
          onClick={() => {
            void run(format);
          }}
        >
          {t(`reports.download.${format}`)}
        </button>
      ))}
      {outcome === 'saved' ? (
        <span className="report-downloads__note" role="status" data-testid="report-download-notice">
          {t('reports.download.saved')}
        </span>
      ) : outcome ? (
        <span
          className="report-downloads__note report-downloads__note--problem"
          role="alert"
          data-testid="report-download-notice"
        >
          {typeof outcome === 'object'
            ? error(outcome.refused.name, outcome.refused.params)
            : t(outcome === 'offline' ? 'reports.download.offline' : 'reports.download.failed')}
        </span>
      ) : null}
    </div>
  );
}

/**
 * One report tab (spec §2): the period and filters, then the report as the local store holds it
 * for that query. The server is asked each time the query changes; its answer lands in the store
 * and replaces what was there, so a report once loaded opens again offline, marked with the time
 * it was computed.
 */
export function ReportsScreen({
  tab,
  token,
  canChangeTimeZone,
}: {
  tab: ReportTab;
  /** The app's bearer token, for the downloads' plain fetch. */
  token: () => string | null;
  /** RIGHT_ACCOUNT_CONTROL: the organization's time zone may be changed from here. */
  canChangeTimeZone: boolean;
}): ReactNode {
  const i18n = useI18n();
  const { t } = i18n;
  const directory = useReportDirectory();
  const { applied } = useReportChoice();
  const query = useMemo(() => {
    const checked = checkPeriod(applied.period);
    return checked.ok ? reportQueryOf(tab, checked.period, applied.filters) : null;
  }, [tab, applied]);
  const stored = useStoredReport(query);
  const { ask, again } = useReportAnswer(query);
  const result = stored?.result ?? null;
  const problem = failureText(ask, i18n);

  return (
    <SectionFrame
      title={t(`section.reports.${tab}`)}
      actions={
        DOWNLOADABLE_TABS.includes(tab) ? (
          <DownloadButtons query={query} result={result} token={token} />
        ) : undefined
      }
    >
      <div className="report" data-testid="report" data-tab={tab} data-state={ask.state}>
        <PeriodPicker directory={directory} onShow={again} />
        <TimeZoneSetting canChange={canChangeTimeZone} />
        {result ? (
          <>
            <p className="report-meta" data-testid="report-meta">
              <span data-testid="report-span">
                {t('reports.span', { from: result.from, to: result.to })}
              </span>
              {' · '}
              <span data-testid="report-computed-at">{computedAtText(result, i18n)}</span>
            </p>
            {problem ? (
              <p className="report-stale" role="status" data-testid="report-stored-copy">
                {t('reports.storedCopy')}
              </p>
            ) : null}
            <ReportBody result={result} directory={directory} />
          </>
        ) : stored === null && problem ? (
          <p className="report-problem" role="alert" data-testid="report-problem">
            {problem}
          </p>
        ) : stored === null || ask.state === 'asking' ? (
          <p className="report-loading" data-testid="report-loading">
            {t('reports.loading')}
          </p>
        ) : null}
      </div>
    </SectionFrame>
  );
}
