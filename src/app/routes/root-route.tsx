import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ApiClient } from '../../ui/http';
import type { AuthSession } from '../session/auth-session';
import type { AppUpdate } from '../shell/app-update';
import { UpdateNotice } from '../shell/UpdateNotice';
import { NotFoundPage, RouteErrorPage } from '../pages/status-pages';

/** What every route's beforeLoad and component can reach. */
export type RouterContext = { api: ApiClient; auth: AuthSession; appUpdate: AppUpdate };

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Spec §2: any other path shows the not-found page (the address stays as typed).
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});

function RootLayout(): ReactNode {
  const { appUpdate } = rootRoute.useRouteContext();
  return (
    <>
      <Outlet />
      <UpdateNotice appUpdate={appUpdate} />
    </>
  );
}
