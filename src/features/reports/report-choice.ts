import { useSyncExternalStore } from 'react';
import { DEFAULT_PERIOD, NO_FILTERS, type PeriodChoice, type ReportFilters } from './period';

/**
 * The period and filters chosen on the reports pages, kept while the app is open so switching
 * tabs shows the same period (a manager compares the summary and the employees of one month).
 * `applied` is the last choice that passed the period rules: what the tabs ask for.
 */
export type ReportChoice = {
  draft: PeriodChoice;
  filters: ReportFilters;
  applied: { period: PeriodChoice; filters: ReportFilters };
};

let current: ReportChoice = {
  draft: DEFAULT_PERIOD,
  filters: NO_FILTERS,
  applied: { period: DEFAULT_PERIOD, filters: NO_FILTERS },
};
const listeners = new Set<() => void>();

export function setReportChoice(change: (choice: ReportChoice) => ReportChoice): void {
  current = change(current);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useReportChoice(): ReportChoice {
  return useSyncExternalStore(subscribe, () => current);
}
