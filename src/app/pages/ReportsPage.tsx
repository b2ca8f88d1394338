import type { ReactNode } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { ReportTab } from '../../protocol/reports';
import { ReportsScreen } from '../../features/reports/ReportsScreen';
import { SessionStorage } from '../session/session-storage';

/** The app's bearer token as the session keeps it, for the reports' downloads. */
const token = (): string | null => new SessionStorage(localStorage).readToken();

/**
 * The report tabs (spec §2), one export per route so each is a lazy route component; they share
 * one chunk with uPlot, which the chat workspace never loads. The routes are guarded by
 * AUTHORITY_ALL_STAT, and all but the consolidated one by OPTION_STATISTIC (spec §6,
 * src/app/guards.ts), so a page here is only reached with what it needs.
 */
const adminApi = getRouteApi('/admin');

const tabPage = (tab: ReportTab) =>
  function ReportTabPage(): ReactNode {
    const { session } = adminApi.useRouteContext();
    // Changing the organization's time zone is account control (organization.setTimeZone).
    const canChangeTimeZone = session.user.role.rights.some(
      (right) => right.name === 'RIGHT_ACCOUNT_CONTROL',
    );
    return <ReportsScreen tab={tab} token={token} canChangeTimeZone={canChangeTimeZone} />;
  };

export const ConsolidatedReportPage = tabPage('report');
export const SummaryReportPage = tabPage('common');
export const DialogsReportPage = tabPage('dialogs');
export const ChannelsReportPage = tabPage('channels');
export const EmployeesReportPage = tabPage('employees');
export const TeamsReportPage = tabPage('teams');
export const WorkingTimeReportPage = tabPage('time');
export const CategoriesReportPage = tabPage('categories');
