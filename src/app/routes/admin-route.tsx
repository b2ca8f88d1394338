import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { leave } from './leave';
import { accessDenial, accessOf } from '../guards';
import { rootRoute } from './root-route';

/**
 * `/admin`: requires a stored token and the current user (spec §2, §4), then applies the route
 * guards of spec §6 to whatever child is being opened. beforeLoad runs on every navigation; the
 * session is started once and reused.
 */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin',
  beforeLoad: async ({ context, location }) => {
    const outcome = await context.auth.ensure();
    if (outcome.kind === 'signed-out') leave(redirect({ to: '/' }));
    if (outcome.kind === 'unreachable') leave(redirect({ to: '/service-unavailable' }));
    const { session } = outcome;
    const denial = accessDenial(location.pathname, accessOf(session.user));
    if (denial) leave(redirect({ to: denial }));
    return { session };
  },
  // The shell and the chat workspace are chunks of their own, so Login does without them; with a
  // token stored, index.html fetches them beside the app's script (vite.config.ts).
  component: lazyRouteComponent(() => import('../workspace'), 'AdminLayout'),
});

export const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  beforeLoad: () => {
    leave(redirect({ to: '/admin/chats', search: { filter: 'assigned' } }));
  },
});
