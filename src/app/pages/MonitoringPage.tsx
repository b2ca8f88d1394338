import { useMemo, type ReactNode } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { MonitoringScreen, type MonitoringTab } from '../../features/monitoring/MonitoringScreen';
import { nextStaleSince } from '../../features/monitoring/stale';
import { useSyncSnapshot } from '../shell/use-sync-snapshot';

const adminApi = getRouteApi('/admin');

/**
 * Online monitoring (spec §2 `/admin/monitoring/…`; the routes are guarded by AUTHORITY_ALL_STAT
 * and OPTION_ONLINE_MONITORING, src/app/guards.ts). The shell knows the live connection: while it
 * is lost the tables say since when their figures stand still.
 */
function MonitoringPage({ tab }: { tab: MonitoringTab }): ReactNode {
  const { session } = adminApi.useRouteContext();
  const { connectionLost } = useSyncSnapshot(session.syncView);
  // Recomputed only when the connection is lost or back: the first instant it was seen lost.
  const staleSince = useMemo(
    () => nextStaleSince(null, connectionLost, Date.now()),
    [connectionLost],
  );
  return <MonitoringScreen tab={tab} staleSince={staleSince} />;
}

export const MonitoringChannelsPage = () => <MonitoringPage tab="channels" />;
export const MonitoringTeamsPage = () => <MonitoringPage tab="teams" />;
export const MonitoringOperatorsPage = () => <MonitoringPage tab="operators" />;
export const MonitoringAbonentsPage = () => <MonitoringPage tab="abonents" />;
