import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { InboxDb } from '../../store/db';
import type { StoredReport } from '../../store/tables';
import { useStore } from '../../store/hooks';
import { categoryLabels } from '../../protocol';
import { reportKey, type ReportQuery, type ReportResult } from '../../protocol/reports';
import type { ReportNames } from '../../protocol/reports/report-tables';
import type { SelectOption } from '../../ui/forms/SelectField';

/** Names for the report's rows and the filters' choices, live from the local store. */
export type ReportDirectory = {
  names: ReportNames;
  channels: SelectOption[];
  teams: SelectOption[];
  operators: SelectOption[];
};

const byLabel = (a: SelectOption, b: SelectOption) => a.label.localeCompare(b.label);

export function useReportDirectory(): ReportDirectory | undefined {
  const db = useStore();
  const rows = useLiveQuery(async () => {
    const [channels, teams, users, categories] = await Promise.all([
      db.channels.toArray(),
      db.teams.toArray(),
      db.users.toArray(),
      db.requestCategories.toArray(),
    ]);
    return { channels, teams, users, categories };
  }, [db]);
  return useMemo(() => {
    if (!rows) return undefined;
    const names: ReportNames = {
      channels: Object.fromEntries(rows.channels.map((c) => [c.id, c.name])),
      teams: Object.fromEntries(rows.teams.map((t) => [t.id, t.name])),
      operators: Object.fromEntries(rows.users.map((u) => [u.id, u.name])),
      // A topic reads with its parents, as the chat screen labels it: "Warranty › Repair".
      categories: categoryLabels(rows.categories),
    };
    const options = (record: Record<string, string>) =>
      Object.entries(record)
        .map(([value, label]) => ({ value, label }))
        .sort(byLabel);
    return {
      names,
      channels: options(names.channels),
      teams: options(names.teams),
      operators: options(names.operators),
    };
  }, [rows]);
}

/** The stored answer to a query, live: null when none is stored, undefined while reading. */
export function useStoredReport(query: ReportQuery | null): StoredReport | null | undefined {
  const db = useStore();
  const key = query ? reportKey(query) : null;
  return useLiveQuery(
    async () => (key === null ? null : ((await db.reports.get(key)) ?? null)),
    [db, key],
  );
}

/** Keeps an answer, replacing the one stored for the same query. */
export async function storeReport(
  db: InboxDb,
  result: ReportResult,
  now = new Date(),
): Promise<void> {
  await db.reports.put({ key: reportKey(result.query), result, storedAt: now.toISOString() });
}
