import type { ReactNode } from 'react';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { LoginScreen } from '../../features/auth/LoginScreen';
import { useI18n } from '../../ui/i18n';
import { LanguageSwitch } from '../../ui/LanguageSwitch';

const loginApi = getRouteApi('/');

/** Login (spec §2): a token received goes to the session, and the user to the workspace. */
export function LoginPage(): ReactNode {
  const { auth } = loginApi.useRouteContext();
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
