import type { ReactNode } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { StatusesScreen } from '../../features/client-settings/StatusesScreen';

const adminApi = getRouteApi('/admin');

/**
 * Customer statuses (spec §2; the route is guarded by AUTHORITY_PROFILE_STATUS, spec §6). The
 * spec guards no preferences route by option, so a plan without OPTION_CLIENT_STATUSES opens the
 * page and is told there that its own statuses are not in the plan.
 */
export function StatusesPage(): ReactNode {
  const { session } = adminApi.useRouteContext();
  return <StatusesScreen hasOption={session.user.options.includes('OPTION_CLIENT_STATUSES')} />;
}
