import type { ReactNode } from 'react';
import { TabsLayout } from './TabsLayout';

// The tab lists live inside the components so the route tree's types never wait on themselves.

export function ProfileTabs(): ReactNode {
  return (
    <TabsLayout
      tabs={[
        { to: '/admin/profile/general', label: 'section.profile.general' },
        { to: '/admin/profile/authentication', label: 'section.profile.authentication' },
      ]}
    />
  );
}

export function ReportsTabs(): ReactNode {
  return (
    <TabsLayout
      tabs={[
        { to: '/admin/reports/report', label: 'section.reports.report' },
        { to: '/admin/reports/common', label: 'section.reports.common' },
        { to: '/admin/reports/dialogs', label: 'section.reports.dialogs' },
        { to: '/admin/reports/channels', label: 'section.reports.channels' },
        { to: '/admin/reports/employees', label: 'section.reports.employees' },
        { to: '/admin/reports/teams', label: 'section.reports.teams' },
        { to: '/admin/reports/time', label: 'section.reports.time' },
        { to: '/admin/reports/categories', label: 'section.reports.categories' },
      ]}
    />
  );
}

export function MonitoringTabs(): ReactNode {
  return (
    <TabsLayout
      tabs={[
        { to: '/admin/monitoring/channels', label: 'section.monitoring.channels' },
        { to: '/admin/monitoring/teams', label: 'section.monitoring.teams' },
        { to: '/admin/monitoring/operators', label: 'section.monitoring.operators' },
        { to: '/admin/monitoring/abonents', label: 'section.monitoring.abonents' },
      ]}
    />
  );
}

export function FinanceTabs(): ReactNode {
  return (
    <TabsLayout
      tabs={[
        { to: '/admin/finance/balance', label: 'section.finance.balance' },
        { to: '/admin/finance/payments', label: 'section.finance.payments' },
        { to: '/admin/finance/billing', label: 'section.finance.billing' },
      ]}
    />
  );
}
