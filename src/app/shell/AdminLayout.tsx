import { useMemo, type ReactNode } from 'react';
import { Outlet, getRouteApi } from '@tanstack/react-router';
import { CommandSinkContext, StoreContext, type CommandSink } from '../../store/hooks';
import { requestOutboxSync } from '../../sw/register';
import { MainMenu } from './MainMenu';
import { SyncNotices } from './SyncNotices';
import { RejectedCommands } from './RejectedCommands';
import { NewMessageAlerts } from './NewMessageAlerts';
import { ToastProvider } from '../../ui/Toasts';

const adminApi = getRouteApi('/admin');

/** The /admin shell: main menu, sync notices, and the open screen, over the user's local store. */
export function AdminLayout(): ReactNode {
  const { session, auth } = adminApi.useRouteContext();
  const sink = useMemo<CommandSink>(
    () => ({
      userId: session.user.id,
      afterEnqueue: () => {
        session.sync.flush();
        void requestOutboxSync();
      },
    }),
    [session],
  );
  return (
    <StoreContext value={session.db}>
      <CommandSinkContext value={sink}>
        <ToastProvider>
          <div className="shell">
            <MainMenu session={session} auth={auth} />
            <div className="shell__main">
              <SyncNotices view={session.syncView} />
              <RejectedCommands />
              <NewMessageAlerts userId={session.user.id} />
              <Outlet />
            </div>
          </div>
        </ToastProvider>
      </CommandSinkContext>
    </StoreContext>
  );
}
