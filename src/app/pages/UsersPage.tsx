import { useCallback, useMemo, type ReactNode } from 'react';
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import { RIGHTS, type Right } from '../../protocol';
import { useFileSource } from '../../store/file-url';
import { UserEditScreen } from '../../features/users/UserEditScreen';
import { UsersScreen } from '../../features/users/UsersScreen';
import { SessionStorage } from '../session/session-storage';

const adminApi = getRouteApi('/admin');
const editApi = getRouteApi('/admin/users/edit');

const isRight = (name: string): name is Right => (RIGHTS as readonly string[]).includes(name);

/** The signed-in user's rights, as a set the screens ask. */
function useOwnRights(): ReadonlySet<Right> {
  const { session } = adminApi.useRouteContext();
  const rights = session.user.role.rights;
  return useMemo(() => new Set(rights.map((right) => right.name).filter(isRight)), [rights]);
}

/** Photos are read with the session's token (spec §3, kept under `token`), read at each fetch. */
function useSessionFileSource() {
  const token = useCallback(() => new SessionStorage(localStorage).readToken(), []);
  return useFileSource(token);
}

/** Users (spec §2, no guard): adding and editing for holders of RIGHT_ACCOUNT_CONTROL. */
export function UsersPage(): ReactNode {
  const rights = useOwnRights();
  const navigate = useNavigate();
  const router = useRouter();
  const fileSource = useSessionFileSource();
  const editHref = useCallback(
    (id: string) => router.buildLocation({ to: '/admin/users/edit', search: { id } }).href,
    [router],
  );
  return (
    <UsersScreen
      canEdit={rights.has('RIGHT_ACCOUNT_CONTROL')}
      editHref={editHref}
      onAdd={() => void navigate({ to: '/admin/users/edit', search: {} })}
      onEdit={(id) => void navigate({ to: '/admin/users/edit', search: { id } })}
      fileSource={fileSource}
    />
  );
}

/** Add or edit a user (spec §2; the route is guarded by RIGHT_ACCOUNT_CONTROL). */
export function UserEditPage(): ReactNode {
  const { session } = adminApi.useRouteContext();
  const { id } = editApi.useSearch();
  const rights = useOwnRights();
  const navigate = useNavigate();
  const fileSource = useSessionFileSource();
  return (
    <UserEditScreen
      key={id ?? 'new'}
      userId={id}
      viewerId={session.user.id}
      ownRights={rights}
      canManageTeams={rights.has('AUTHORITY_TEAM_MANAGEMENT')}
      fileSource={fileSource}
      onDone={() => void navigate({ to: '/admin/users/all' })}
    />
  );
}
