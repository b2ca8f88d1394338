import { useCallback, type ReactNode } from 'react';
import { RatingPage } from '../../features/public/RatingPage';
import { Link, createRoute, redirect, useNavigate } from '@tanstack/react-router';
import { leave } from './leave';
import * as v from 'valibot';
import { LoginScreen } from '../../features/auth/LoginScreen';
import { useI18n } from '../../ui/i18n';
import { sectionPage } from '../pages/SectionPage';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import {
  AlreadyUsedPage,
  NoRightsPage,
  NotFoundPage,
  ServiceUnavailablePage,
  SuccessPage,
  UnknownErrorPage,
} from '../pages/status-pages';
import { rootRoute } from './root-route';

const child = <const P extends string>(path: P) => ({ getParentRoute: () => rootRoute, path });

/** `/link-action/{uuid}`: the customer's one-time rating page; then /success or /already-used. */
const linkActionRoute = createRoute({ ...child('link-action/$uuid'), component: LinkActionPage });

function LinkActionPage(): ReactNode {
  const { uuid } = linkActionRoute.useParams();
  const navigate = useNavigate();
  const onDone = useCallback(
    (outcome: 'success' | 'used' | 'missing') => {
      const to =
        outcome === 'success' ? '/success' : outcome === 'used' ? '/already-used' : '/not-found';
      void navigate({ to, replace: true });
    },
    [navigate],
  );
  return <RatingPage uuid={uuid} onDone={onDone} />;
}

/** `/`: Login; a stored token goes straight to the workspace (spec §2, §9 default landing). */
export const loginRoute = createRoute({
  ...child('/'),
  beforeLoad: ({ context }) => {
    if (context.auth.hasToken())
      leave(redirect({ to: '/admin/chats', search: { filter: 'assigned' } }));
  },
  component: LoginPage,
});

function LoginPage(): ReactNode {
  const { auth } = loginRoute.useRouteContext();
  const navigate = useNavigate();
  const { t } = useI18n();
  return (
    <LoginScreen
      onSignedIn={(token) => {
        auth.signIn(token);
        void navigate({ to: '/admin/chats', search: { filter: 'assigned' } });
      }}
      links={
        <>
          <Link to="/restore">{t('login.forgot')}</Link>
          <Link to="/signup">{t('login.signup')}</Link>
          <LanguageSwitch />
        </>
      }
    />
  );
}

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
  createRoute({ ...child('bot-action/$uuid'), component: sectionPage('section.botAction') }),
  createRoute({ ...child('success'), component: SuccessPage }),
  createRoute({ ...child('already-used'), component: AlreadyUsedPage }),
] as const;
