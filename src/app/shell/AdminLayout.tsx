import type { ReactNode } from 'react';
import { Outlet, getRouteApi } from '@tanstack/react-router';
import { StoreContext } from '../../store';
import { MainMenu } from './MainMenu';
import { SyncNotices } from './SyncNotices';

const adminApi = getRouteApi('/admin');

/** The /admin shell: main menu, sync notices, and the open screen, over the user's local store. */
export function AdminLayout(): ReactNode {
  const { session, auth } = adminApi.useRouteContext();
  return (
    <StoreContext value={session.db}>
      <div className="shell">
        <MainMenu session={session} auth={auth} />
        <div className="shell__main">
          <SyncNotices view={session.syncView} />
          <Outlet />
        </div>
      </div>
    </StoreContext>
  );
}
