import type { ReactNode } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { ProfileAuthenticationScreen } from '../../features/profile/ProfileAuthenticationScreen';
import { ProfileGeneralScreen } from '../../features/profile/ProfileGeneralScreen';

const adminApi = getRouteApi('/admin');

/** Profile, Your information (spec §2, no guard): a saved user goes to the session at once. */
export function ProfileGeneralPage(): ReactNode {
  const { session, auth } = adminApi.useRouteContext();
  return (
    <ProfileGeneralScreen
      user={session.user}
      onUserSaved={(user) => {
        auth.acceptUser(user);
      }}
    />
  );
}

/** Profile, Authentication (spec §2, no guard): two-factor and this browser's notifications. */
export function ProfileAuthenticationPage(): ReactNode {
  const { session } = adminApi.useRouteContext();
  return <ProfileAuthenticationScreen userId={session.user.id} />;
}
