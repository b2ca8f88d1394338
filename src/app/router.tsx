import { createRouter } from '@tanstack/react-router';
import { createApiClient } from '../ui/http';
import { useI18n } from '../ui/i18n';
import type { AuthSession } from './session/auth-session';
import { browserSession } from './session/browser-session';
import { SessionStorage } from './session/session-storage';
import type { AppUpdate } from './shell/app-update';
import { routeTree } from './routes/route-tree';
import type { RouterContext } from './routes/root-route';

function PendingPage() {
  const { t } = useI18n();
  return (
    <div className="pending" aria-busy="true">
      {t('common.loading')}
    </div>
  );
}

const buildRouter = (context: RouterContext) =>
  createRouter({
    routeTree,
    context,
    defaultPendingComponent: PendingPage,
    scrollRestoration: true,
  });

export type AppRouter = ReturnType<typeof buildRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

/** The router with the app's fetch wrapper and session; statuses of spec §8 lead where the spec says. */
export function createAppRouter(appUpdate: AppUpdate): AppRouter {
  const storage = new SessionStorage(localStorage);
  const api = createApiClient({
    token: () => storage.readToken(),
    handlers: {
      unauthorized: () => {
        auth.expire();
      },
      forbidden: () => {
        void router.navigate({ to: '/no-rights' });
      },
      notFound: () => {
        void router.navigate({ to: '/not-found' });
      },
    },
  });
  const auth: AuthSession = browserSession(api, storage, () => {
    void router.invalidate();
  });
  const router: AppRouter = buildRouter({ api, auth, appUpdate });
  return router;
}
