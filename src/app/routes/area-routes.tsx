import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { leave } from './leave';
import { sectionPage } from '../pages/SectionPage';
import { FinanceTabs, MonitoringTabs, ProfileTabs, ReportsTabs } from '../shell/area-tabs';
import { adminRoute } from './admin-route';
import { EditIdSearchSchema } from './address-ids';

// The screens load as their own chunks, so the chat workspace's first paint does without them
// and their forms (DESIGN §6); the placeholder sections are too small to split.
const profilePage = () => import('../pages/ProfilePage');
const usersPage = () => import('../pages/UsersPage');
const reportsPage = () => import('../pages/ReportsPage');
const monitoringPage = () => import('../pages/MonitoringPage');

// Children are declared in arrays before addChildren: a createRoute written inside the
// addChildren call leaves the registered route tree untyped (TypeScript gives up on it).

// Spec §2: /admin/profile → general; general, authentication.
const profileRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'profile',
  component: ProfileTabs,
});
const profileChildren = [
  createRoute({
    getParentRoute: () => profileRoute,
    path: '/',
    beforeLoad: () => {
      leave(redirect({ to: '/admin/profile/general' }));
    },
  }),
  createRoute({
    getParentRoute: () => profileRoute,
    path: 'general',
    component: lazyRouteComponent(profilePage, 'ProfileGeneralPage'),
  }),
  createRoute({
    getParentRoute: () => profileRoute,
    path: 'authentication',
    component: lazyRouteComponent(profilePage, 'ProfileAuthenticationPage'),
  }),
] as const;
const profileRoutes = profileRoute.addChildren(profileChildren);

// Spec §2: /admin/reports → report (consolidated); then the statistic reports.
const reportsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'reports',
  component: ReportsTabs,
});
const reportsChildren = [
  createRoute({
    getParentRoute: () => reportsRoute,
    path: '/',
    beforeLoad: () => {
      leave(redirect({ to: '/admin/reports/report' }));
    },
  }),
  createRoute({
    getParentRoute: () => reportsRoute,
    path: 'report',
    component: lazyRouteComponent(reportsPage, 'ConsolidatedReportPage'),
  }),
  createRoute({
    getParentRoute: () => reportsRoute,
    path: 'common',
    component: lazyRouteComponent(reportsPage, 'SummaryReportPage'),
  }),
  createRoute({
    getParentRoute: () => reportsRoute,
    path: 'dialogs',
    component: lazyRouteComponent(reportsPage, 'DialogsReportPage'),
  }),
  createRoute({
    getParentRoute: () => reportsRoute,
    path: 'channels',
    component: lazyRouteComponent(reportsPage, 'ChannelsReportPage'),
  }),
  createRoute({
    getParentRoute: () => reportsRoute,
    path: 'employees',
    component: lazyRouteComponent(reportsPage, 'EmployeesReportPage'),
  }),
  createRoute({
    getParentRoute: () => reportsRoute,
    path: 'teams',
    component: lazyRouteComponent(reportsPage, 'TeamsReportPage'),
  }),
  createRoute({
    getParentRoute: () => reportsRoute,
    path: 'time',
    component: lazyRouteComponent(reportsPage, 'WorkingTimeReportPage'),
  }),
  createRoute({
    getParentRoute: () => reportsRoute,
    path: 'categories',
    component: lazyRouteComponent(reportsPage, 'CategoriesReportPage'),
  }),
] as const;
const reportsRoutes = reportsRoute.addChildren(reportsChildren);

// Spec §2: /admin/users → all; all and edit (the user to edit in the query, none for a new one).
const usersRoute = createRoute({ getParentRoute: () => adminRoute, path: 'users' });
const usersChildren = [
  createRoute({
    getParentRoute: () => usersRoute,
    path: '/',
    beforeLoad: () => {
      leave(redirect({ to: '/admin/users/all' }));
    },
  }),
  createRoute({
    getParentRoute: () => usersRoute,
    path: 'all',
    component: lazyRouteComponent(usersPage, 'UsersPage'),
  }),
  createRoute({
    getParentRoute: () => usersRoute,
    path: 'edit',
    validateSearch: EditIdSearchSchema,
    component: lazyRouteComponent(usersPage, 'UserEditPage'),
  }),
] as const;
const usersRoutes = usersRoute.addChildren(usersChildren);

// Spec §2: /admin/teams, child all. The bare path leads to it like the other areas.
const teamsRoute = createRoute({ getParentRoute: () => adminRoute, path: 'teams' });
const teamsChildren = [
  createRoute({
    getParentRoute: () => teamsRoute,
    path: '/',
    beforeLoad: () => {
      leave(redirect({ to: '/admin/teams/all' }));
    },
  }),
  createRoute({
    getParentRoute: () => teamsRoute,
    path: 'all',
    component: lazyRouteComponent(() => import('../pages/TeamsPage'), 'TeamsPage'),
  }),
] as const;
const teamsRoutes = teamsRoute.addChildren(teamsChildren);

// Spec §2: /admin/monitoring → channels; channels, teams, operators, abonents.
const monitoringRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'monitoring',
  component: MonitoringTabs,
});
const monitoringChildren = [
  createRoute({
    getParentRoute: () => monitoringRoute,
    path: '/',
    beforeLoad: () => {
      leave(redirect({ to: '/admin/monitoring/channels' }));
    },
  }),
  createRoute({
    getParentRoute: () => monitoringRoute,
    path: 'channels',
    component: lazyRouteComponent(monitoringPage, 'MonitoringChannelsPage'),
  }),
  createRoute({
    getParentRoute: () => monitoringRoute,
    path: 'teams',
    component: lazyRouteComponent(monitoringPage, 'MonitoringTeamsPage'),
  }),
  createRoute({
    getParentRoute: () => monitoringRoute,
    path: 'operators',
    component: lazyRouteComponent(monitoringPage, 'MonitoringOperatorsPage'),
  }),
  createRoute({
    getParentRoute: () => monitoringRoute,
    path: 'abonents',
    component: lazyRouteComponent(monitoringPage, 'MonitoringAbonentsPage'),
  }),
] as const;
const monitoringRoutes = monitoringRoute.addChildren(monitoringChildren);

// Spec §2: /admin/finance → balance; balance, payments, billing.
const financeRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'finance',
  component: FinanceTabs,
});
const financeChildren = [
  createRoute({
    getParentRoute: () => financeRoute,
    path: '/',
    beforeLoad: () => {
      leave(redirect({ to: '/admin/finance/balance' }));
    },
  }),
  createRoute({
    getParentRoute: () => financeRoute,
    path: 'balance',
    component: sectionPage('section.finance.balance'),
  }),
  createRoute({
    getParentRoute: () => financeRoute,
    path: 'payments',
    component: sectionPage('section.finance.payments'),
  }),
  createRoute({
    getParentRoute: () => financeRoute,
    path: 'billing',
    component: sectionPage('section.finance.billing'),
  }),
] as const;
const financeRoutes = financeRoute.addChildren(financeChildren);

export const areaRoutes = [
  profileRoutes,
  reportsRoutes,
  usersRoutes,
  teamsRoutes,
  monitoringRoutes,
  financeRoutes,
] as const;
