import type { ReactNode } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { TeamsScreen } from '../../features/teams/TeamsScreen';

const adminApi = getRouteApi('/admin');

/** Teams (spec §2): editable with the teams-management right, read-only without it (no guard, §6). */
export function TeamsPage(): ReactNode {
  const { session } = adminApi.useRouteContext();
  const canEdit = session.user.role.rights.some(
    (right) => right.name === 'AUTHORITY_TEAM_MANAGEMENT',
  );
  return <TeamsScreen canEdit={canEdit} />;
}
