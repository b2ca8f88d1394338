import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { leave } from './leave';
import * as v from 'valibot';
import { sectionPage } from '../pages/SectionPage';
import {
  AlreadyUsedPage,
  NoRightsPage,
  NotFoundPage,
  ServiceUnavailablePage,
  SuccessPage,
  UnknownErrorPage,
} from '../pages/status-pages';
import { rootRoute } from './root-route';
import { pathId } from './address-ids';

const child = <const P extends string>(path: P) => ({ getParentRoute: () => rootRoute, path });

/** `/link-action/{uuid}`: the customer's one-time rating page; then /success or /already-used. */
const linkActionRoute = createRoute({
  ...child('link-action/$uuid'),
  params: { parse: ({ uuid }) => ({ uuid: pathId(uuid) }) },
  component: lazyRouteComponent(() => import('../pages/LinkActionPage'), 'LinkActionPage'),
});

/** `/`: Login; a stored token goes straight to the workspace (spec §2, §9 default landing). */
export const loginRoute = createRoute({
  ...child('/'),
  beforeLoad: ({ context }) => {
    if (context.auth.hasToken())
      leave(redirect({ to: '/admin/chats', search: { filter: 'assigned' } }));
  },
  // Its own chunk: a signed-in user's first paint does without the sign-in forms (DESIGN §6).
  component: lazyRouteComponent(() => import('../pages/LoginPage'), 'LoginPage'),
});

const restoreRoute = createRoute({
  ...child('restore'),
  component: sectionPage('section.restore'),
});

const signupRoute = createRoute({
  ...child('signup'),
  // The phone-confirmation link carries its token here (see below).
  validateSearch: v.object({ token: v.optional(v.string()) }),
  component: sectionPage('section.signup'),
});

const phoneConfirmationRoute = createRoute({
  ...child('registration/phone-confirmation/$token'),
  beforeLoad: ({ params }) => {
    leave(redirect({ to: '/signup', search: { token: params.token } }));
  },
});

export const publicRoutes = [
  loginRoute,
  restoreRoute,
  signupRoute,
  phoneConfirmationRoute,
  createRoute({ ...child('not-found'), component: NotFoundPage }),
  createRoute({ ...child('service-unavailable'), component: ServiceUnavailablePage }),
  createRoute({ ...child('unknown-error'), component: UnknownErrorPage }),
  createRoute({ ...child('no-rights'), component: NoRightsPage }),
  linkActionRoute,
  createRoute({
    ...child('bot-action/$uuid'),
    params: { parse: ({ uuid }) => ({ uuid: pathId(uuid) }) },
    component: lazyRouteComponent(
      () => import('../pages/BotActionRoutePage'),
      'BotActionRoutePage',
    ),
  }),
  createRoute({ ...child('success'), component: SuccessPage }),
  createRoute({ ...child('already-used'), component: AlreadyUsedPage }),
] as const;
