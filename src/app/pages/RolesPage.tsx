import { useMemo, type ReactNode } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { RIGHTS, type Right } from '../../protocol';
import { RolesScreen } from '../../features/roles/RolesScreen';

const adminApi = getRouteApi('/admin');

const isRight = (name: string): name is Right => (RIGHTS as readonly string[]).includes(name);

/** Roles (spec §2; guarded by AUTHORITY_ROLE_MODIFY): the editor may grant only the user's own rights. */
export function RolesPage(): ReactNode {
  const { session } = adminApi.useRouteContext();
  const rights = session.user.role.rights;
  const ownRights = useMemo(() => rights.map((right) => right.name).filter(isRight), [rights]);
  return <RolesScreen ownRights={ownRights} />;
}
