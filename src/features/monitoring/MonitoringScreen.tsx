import { memo, useMemo, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { DurationStats } from '../../protocol/metrics';
import { SectionFrame } from '../../ui/SectionFrame';
import { useI18n } from '../../ui/i18n';
import type { MessageKey } from '../../ui/i18n/message-key';
import {
  clientCells,
  clientRows,
  monitoringTables,
  type ClientRow,
  type OperatorRow,
  type SliceRow,
  type Wait,
} from './monitoring-model';
import { useMonitoringData, useMonitoringZone, useNow, useToday } from './queries';
import {
  CLIENT_COLUMNS,
  clientSortValue,
  filterChats,
  filterOperators,
  filterSlices,
  NO_FILTER,
  SLICE_COLUMNS,
  sliceSortValue,
  sortRows,
  TICKING,
  type ClientColumn,
  type MonitoringFilter,
  type Sort,
  type SliceColumn,
} from './table-view';
import { formatDuration, type UnitTexts } from './time-units';
import './monitoring.css';

export type MonitoringTab = 'channels' | 'teams' | 'operators' | 'abonents';

// The filter a supervisor chose stays while they move between the four tabs (each is a route).
let lastFilter: MonitoringFilter = NO_FILTER;

/**
 * Online monitoring (spec §2 `/admin/monitoring/…`, §3; guarded by AUTHORITY_ALL_STAT and
 * OPTION_ONLINE_MONITORING in src/app/guards.ts): one of the four tables, computed in the browser
 * from the local store (monitoring-model.ts). The figures move as the store changes, with no
 * polling; the waits tick from one shared clock. `staleSince` (set while the connection is lost)
 * says since when they have stood still.
 */
export function MonitoringScreen({
  tab,
  staleSince,
}: {
  tab: MonitoringTab;
  staleSince: number | null;
}) {
  const { t, intl } = useI18n();
  const data = useMonitoringData();
  const zone = useMonitoringZone();
  const today = useToday(zone);
  const [filter, setFilterState] = useState(lastFilter);
  const setFilter = (next: MonitoringFilter) => {
    lastFilter = next;
    setFilterState(next);
  };
  const facts = useMemo(() => filterChats(data.openFacts, filter), [data.openFacts, filter]);
  const todays = useMemo(
    () => data.figures.filter((row) => row.day === today),
    [data.figures, today],
  );
  const figures = useMemo(() => filterChats(todays, filter), [todays, filter]);
  const tables = useMemo(
    () => (tab === 'abonents' ? null : monitoringTables(facts, figures, data.people)),
    [tab, facts, figures, data.people],
  );

  let table: ReactNode;
  if (!data.loaded) table = <p className="empty-state">{t('common.loading')}</p>;
  else if (tab === 'abonents' || !tables) table = <ClientsTable facts={facts} data={data} />;
  else if (tab === 'operators')
    table = <SliceTable kind="operators" rows={filterOperators(tables.operators, filter)} />;
  else if (tab === 'teams')
    table = <SliceTable kind="teams" rows={filterSlices(tables.teams, filter.teamId)} />;
  else
    table = <SliceTable kind="channels" rows={filterSlices(tables.channels, filter.channelId)} />;

  return (
    <SectionFrame title={t(`section.monitoring.${tab}`)}>
      <div
        className="monitoring"
        data-testid="monitoring"
        data-tab={tab}
        data-stale={staleSince === null ? 'false' : 'true'}
      >
        {staleSince === null ? null : (
          <p className="notice notice--warning" role="status" data-testid="monitoring-stale">
            {t('monitoring.stale', {
              time: intl.formatTime(staleSince, {
                hour: '2-digit',
                minute: '2-digit',
                second: '2-digit',
              }),
            })}
          </p>
        )}
        <Filters filter={filter} onChange={setFilter} data={data} />
        <p className="monitoring__note">{t('monitoring.today', { zone })}</p>
        {table}
      </div>
    </SectionFrame>
  );
}

function Filters({
  filter,
  onChange,
  data,
}: {
  filter: MonitoringFilter;
  onChange: (filter: MonitoringFilter) => void;
  data: ReturnType<typeof useMonitoringData>;
}) {
  const { t } = useI18n();
  const operators = useMemo(() => {
    const holders = new Set(data.facts.map((chat) => chat.operatorId));
    return data.people.users
      .filter((user) => user.active || holders.has(user.id))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [data.facts, data.people.users]);
  const select = (
    key: keyof MonitoringFilter,
    label: MessageKey,
    options: readonly { id: string; name: string }[],
  ) => (
    <label className="monitoring__filter">
      <span className="field__label">{t(label)}</span>
      <select
        className="field__input"
        data-testid={`monitoring-filter-${key}`}
        value={filter[key] ?? ''}
        onChange={(event) => {
          onChange({ ...filter, [key]: event.target.value === '' ? null : event.target.value });
        }}
      >
        <option value="">{t('monitoring.filter.all')}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="toolbar monitoring__filters" data-testid="monitoring-filters">
      {select('channelId', 'monitoring.filter.channel', data.people.channels)}
      {select('teamId', 'monitoring.filter.team', data.people.teams)}
      {select('operatorId', 'monitoring.filter.operator', operators)}
    </div>
  );
}

/** The unit words of the current language, looked up once per language, not per cell. */
function useUnits(): UnitTexts {
  const { t, lang } = useI18n();
  // `t` is a new function with each language; `lang` names which one this is.
  return useMemo(
    () => ({
      sec: t('monitoring.unit.sec'),
      min: t('monitoring.unit.min'),
      h: t('monitoring.unit.h'),
      d: t('monitoring.unit.d'),
      overDay: t('monitoring.unit.overDay'),
    }),
    [t, lang],
  );
}

function SortHeader<K extends string>({
  column,
  label,
  sort,
  onSort,
  numeric,
}: {
  column: K;
  label: string;
  sort: Sort<K>;
  onSort: (sort: Sort<K>) => void;
  numeric?: boolean;
}) {
  const { t } = useI18n();
  const active = sort.key === column;
  return (
    <button
      type="button"
      className={`monitoring__sort${numeric ? ' monitoring__sort--number' : ''}`}
      data-testid={`monitoring-sort-${column}`}
      aria-label={t('monitoring.sortBy', { column: label })}
      onClick={() => {
        onSort({
          key: column,
          direction: active && sort.direction === 'desc' ? 'asc' : active ? 'desc' : 'desc',
        });
      }}
    >
      {label}
      {active ? <span aria-hidden="true">{sort.direction === 'asc' ? ' ▲' : ' ▼'}</span> : null}
    </button>
  );
}

const SLICE_LABELS: Record<SliceColumn, MessageKey> = {
  name: 'monitoring.column.name',
  atBot: 'monitoring.column.atBot',
  inQueue: 'monitoring.column.inQueue',
  available: 'monitoring.column.available',
  atWork: 'monitoring.column.atWork',
  slots: 'monitoring.column.slots',
  status: 'monitoring.column.status',
  replySpeed: 'monitoring.column.replySpeed',
  reactionSpeed: 'monitoring.column.reactionSpeed',
  assigned: 'monitoring.column.assigned',
  closed: 'monitoring.column.closed',
};

function Average({ stats, units }: { stats: DurationStats; units: UnitTexts }) {
  const { t } = useI18n();
  if (stats.meanMs === null || stats.medianMs === null) return <>—</>;
  return (
    <span
      title={t('monitoring.median', {
        value: formatDuration(stats.medianMs, units),
        count: stats.count,
      })}
    >
      {formatDuration(stats.meanMs, units)}
    </span>
  );
}

/** The channel, team or operator table: one row per channel, team or operator. */
function SliceTable({
  kind,
  rows,
}: {
  kind: 'channels' | 'teams' | 'operators';
  rows: readonly (SliceRow | OperatorRow)[];
}) {
  const { t } = useI18n();
  const units = useUnits();
  const [sort, setSort] = useState<Sort<SliceColumn>>({ key: 'name', direction: 'asc' });
  const sorted = useMemo(() => sortRows(rows, sort, sliceSortValue, (row) => row.id), [rows, sort]);
  if (rows.length === 0) return <p className="empty-state">{t('monitoring.empty')}</p>;
  const statusText = (row: SliceRow | OperatorRow) =>
    'state' in row ? t(`monitoring.state.${row.state}`) : t(`monitoring.status.${row.status}`);
  const numeric = (column: SliceColumn) => column !== 'name' && column !== 'status';
  // A grid of rows rather than a <table>: each row lays out on its own (`contain`), rows out of
  // view are not laid out at all (`content-visibility`), and rows are keyed by their place, so a
  // filter switch rewrites the text of the rows it keeps instead of building new ones.
  return (
    <div className="monitoring__grid-scroll" role="table" data-testid={`monitoring-${kind}`}>
      <div className="monitoring__grid monitoring__grid--slices monitoring__grid--head" role="row">
        {SLICE_COLUMNS.map((column) => (
          <div
            key={column}
            role="columnheader"
            className={`monitoring__cell${numeric(column) ? ' table__number' : ''}`}
          >
            <SortHeader
              column={column}
              label={t(SLICE_LABELS[column])}
              sort={sort}
              onSort={setSort}
              numeric={numeric(column)}
            />
          </div>
        ))}
      </div>
      {sorted.map((row, place) => (
        <div
          key={place}
          className="monitoring__grid monitoring__grid--slices monitoring__slice-row"
          role="row"
          data-testid="monitoring-row"
          data-id={row.id}
        >
          {SLICE_COLUMNS.map((column) => (
            <div
              key={column}
              role="cell"
              className={`monitoring__cell${numeric(column) ? ' table__number' : ''}`}
              data-cell={column}
            >
              {column === 'name' ? (
                row.name
              ) : column === 'status' ? (
                statusText(row)
              ) : column === 'replySpeed' || column === 'reactionSpeed' ? (
                <Average stats={row[column]} units={units} />
              ) : (
                row[column]
              )}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

const CLIENT_LABELS: Record<ClientColumn, MessageKey> = {
  channel: 'monitoring.column.channel',
  name: 'monitoring.column.client',
  teams: 'monitoring.column.teams',
  startTime: 'monitoring.column.startTime',
  waitForReply: 'monitoring.column.waitForReply',
  operatorReaction: 'monitoring.column.operatorReaction',
  currentWait: 'monitoring.column.currentWait',
  timeInDialog: 'monitoring.column.timeInDialog',
  status: 'monitoring.column.chatStatus',
  currentOperator: 'monitoring.column.currentOperator',
  rating: 'monitoring.column.rating',
  lastHumanOperator: 'monitoring.column.lastHumanOperator',
};

const ROW_HEIGHT = 36;

/**
 * The client table: one row per open chat. Rows are made once per change of the store and
 * filtered and sorted in memory; only the rows in view are drawn (10,000 chats), and only their
 * running waits re-render each second, from the one shared clock.
 */
function ClientsTable({
  facts,
  data,
}: {
  facts: Parameters<typeof clientRows>[0];
  data: ReturnType<typeof useMonitoringData>;
}) {
  const { t } = useI18n();
  const units = useUnits();
  const [sort, setSort] = useState<Sort<ClientColumn>>({ key: 'currentWait', direction: 'desc' });
  const rows = useMemo(
    () => clientRows(facts, data.people, data.clients),
    [facts, data.people, data.clients],
  );
  // A running column sorts by the waits at the moment of sorting: rows do not jump every second.
  const sorted = useMemo(() => {
    const at = Date.now();
    return sortRows(
      rows,
      sort,
      (row, key) => clientSortValue(row, key, at),
      (row) => row.id,
    );
  }, [rows, sort]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    // Rows are keyed by their place, not their chat: a filter switch then rewrites the text of
    // the rows in view instead of building new ones (fewer nodes to create, style and lay out).
    useFlushSync: false,
  });
  return (
    <div
      className="monitoring__clients"
      data-testid="monitoring-abonents"
      data-count={sorted.length}
    >
      <p className="monitoring__note" data-testid="monitoring-clients-count">
        {t('monitoring.clientsCount', { count: sorted.length })}
      </p>
      <div ref={scroller} className="monitoring__grid-scroll" role="table">
        <div className="monitoring__grid monitoring__grid--head" role="row">
          {CLIENT_COLUMNS.map((column) => (
            <div
              key={column}
              role="columnheader"
              className={`monitoring__cell${TICKING.has(column) ? ' table__number' : ''}`}
            >
              <SortHeader
                column={column}
                label={t(CLIENT_LABELS[column])}
                sort={sort}
                onSort={setSort}
                numeric={TICKING.has(column)}
              />
            </div>
          ))}
        </div>
        {sorted.length === 0 ? (
          <p className="empty-state">{t('monitoring.clientsEmpty')}</p>
        ) : (
          <div className="monitoring__track" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = sorted[item.index];
              if (!row) return null;
              return <ClientRowView key={item.key} row={row} top={item.start} units={units} />;
            })}
          </div>
        )}
      </div>
    </div>
  );
}

const ClientRowView = memo(function ClientRowView({
  row,
  top,
  units,
}: {
  row: ClientRow;
  top: number;
  units: UnitTexts;
}) {
  const { t, intl } = useI18n();
  return (
    <div
      className="monitoring__grid monitoring__row"
      role="row"
      data-testid="monitoring-client-row"
      data-chat-id={row.id}
      data-status={row.status}
      style={{ transform: `translateY(${String(top)}px)`, height: ROW_HEIGHT }}
    >
      <div role="cell" className="monitoring__cell">
        {row.channelName}
      </div>
      <div role="cell" className="monitoring__cell" data-cell="name">
        {row.clientName}
      </div>
      <div role="cell" className="monitoring__cell">
        {row.teamName || '—'}
      </div>
      <div role="cell" className="monitoring__cell">
        {new Date(row.startAt).toDateString() === new Date().toDateString()
          ? intl.formatTime(row.startAt, { hour: '2-digit', minute: '2-digit' })
          : intl.formatDate(row.startAt, {
              day: '2-digit',
              month: '2-digit',
              hour: '2-digit',
              minute: '2-digit',
            })}
      </div>
      <Waits row={row} units={units} />
      <div role="cell" className="monitoring__cell" data-cell="status">
        {t(`monitoring.chatStatus.${row.status}`)}
      </div>
      <div role="cell" className="monitoring__cell" data-cell="operator">
        {row.operatorName || '—'}
      </div>
      <div role="cell" className="monitoring__cell table__number">
        {row.rating ?? '—'}
      </div>
      <div role="cell" className="monitoring__cell" data-cell="lastHuman">
        {row.lastHumanOperatorName || '—'}
      </div>
    </div>
  );
});

/** The four duration cells of a row: the only part that re-renders with the clock. */
function Waits({ row, units }: { row: ClientRow; units: UnitTexts }) {
  const now = useNow();
  const cells = clientCells(row, now);
  const cell = (wait: Wait, name: string) => (
    <div
      role="cell"
      className={`monitoring__cell table__number${wait?.running ? ' monitoring__cell--running' : ''}`}
      data-cell={name}
    >
      {wait === null ? '—' : formatDuration(wait.ms, units, wait.running)}
    </div>
  );
  return (
    <>
      {cell(cells.waitForReply, 'waitForReply')}
      {cell(cells.operatorReaction, 'operatorReaction')}
      {cell(cells.currentWait, 'currentWait')}
      {cell(cells.timeInDialog, 'timeInDialog')}
    </>
  );
}
