import { useState, type ReactNode } from 'react';
import { REPORT_MAX_DAYS } from '../../protocol/reports';
import { useI18n } from '../../ui/i18n';
import { SelectField, type SelectOption } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import {
  PERIOD_KINDS,
  checkPeriod,
  type PeriodChoice,
  type PeriodField,
  type PeriodKind,
  type ReportFilters,
} from './period';
import { setReportChoice, useReportChoice } from './report-choice';
import type { ReportDirectory } from './queries';

const RELATIVE: readonly PeriodKind[] = ['today', 'yesterday', 'last7', 'last30'];

/**
 * Spec §9's periods and the channel / team / operator filters. A relative period or a filter
 * applies at once; an arbitrary date or period applies with "Show report", after spec §5's rules
 * pass, each problem shown at its field.
 */
export function PeriodPicker({
  directory,
  onShow,
}: {
  directory: ReportDirectory | undefined;
  /** "Show report" with a valid period: asks again even for the same query (a refresh). */
  onShow: () => void;
}): ReactNode {
  const { t } = useI18n();
  const { draft, filters } = useReportChoice();
  const [tried, setTried] = useState(false);
  const checked = checkPeriod(draft);
  const problemAt = (field: PeriodField): string | undefined => {
    if (!tried || checked.ok) return undefined;
    const problem = checked.problems.find((p) => p.field === field);
    return problem ? t(problem.message, { max: REPORT_MAX_DAYS }) : undefined;
  };

  const apply = (period: PeriodChoice, nextFilters: ReportFilters) => {
    setReportChoice((choice) => ({ ...choice, applied: { period, filters: nextFilters } }));
  };
  const setDraft = (change: Partial<PeriodChoice>) => {
    const next = { ...draft, ...change };
    setReportChoice((choice) => ({ ...choice, draft: next }));
    if (RELATIVE.includes(next.kind)) {
      setTried(false);
      apply(next, filters);
    }
  };
  const setFilter = (change: Partial<ReportFilters>) => {
    const next = { ...filters, ...change };
    setReportChoice((choice) => ({ ...choice, filters: next }));
    if (checkPeriod(draft).ok) apply(draft, next);
  };
  const submit = () => {
    setTried(true);
    if (!checkPeriod(draft).ok) return;
    apply(draft, filters);
    onShow();
  };

  const all: SelectOption = { value: '', label: t('reports.filter.all') };
  const kinds = PERIOD_KINDS.map((kind) => ({ value: kind, label: t(`reports.period.${kind}`) }));
  return (
    <form
      className="report-picker"
      data-testid="report-picker"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <SelectField
        label={t('reports.period')}
        value={draft.kind}
        options={kinds}
        data-testid="report-period-kind"
        onValue={(kind) => {
          setDraft({ kind: kind as PeriodKind });
        }}
      />
      {draft.kind === 'date' ? (
        <TextField
          label={t('reports.period.day')}
          type="date"
          required
          value={draft.day}
          error={problemAt('day')}
          data-testid="report-period-day"
          onValue={(day) => {
            setDraft({ day });
          }}
        />
      ) : null}
      {draft.kind === 'range' ? (
        <>
          <TextField
            label={t('reports.period.from')}
            type="date"
            required
            value={draft.from}
            error={problemAt('from')}
            data-testid="report-period-from"
            onValue={(from) => {
              setDraft({ from });
            }}
          />
          <TextField
            label={t('reports.period.to')}
            type="date"
            required
            value={draft.to}
            error={problemAt('to')}
            data-testid="report-period-to"
            onValue={(to) => {
              setDraft({ to });
            }}
          />
        </>
      ) : null}
      <SelectField
        label={t('reports.filter.channel')}
        value={filters.channelId ?? ''}
        options={[all, ...(directory?.channels ?? [])]}
        data-testid="report-filter-channel"
        onValue={(id) => {
          setFilter({ channelId: id || null });
        }}
      />
      <SelectField
        label={t('reports.filter.team')}
        value={filters.teamId ?? ''}
        options={[all, ...(directory?.teams ?? [])]}
        data-testid="report-filter-team"
        onValue={(id) => {
          setFilter({ teamId: id || null });
        }}
      />
      <SelectField
        label={t('reports.filter.operator')}
        value={filters.operatorId ?? ''}
        options={[all, ...(directory?.operators ?? [])]}
        data-testid="report-filter-operator"
        onValue={(id) => {
          setFilter({ operatorId: id || null });
        }}
      />
      <button type="submit" className="button button--primary" data-testid="report-show">
        {t('reports.show')}
      </button>
    </form>
  );
}
