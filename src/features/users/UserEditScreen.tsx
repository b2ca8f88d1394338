import { useState } from 'react';
import { newId, type Right } from '../../protocol';
import type { FileSource } from '../../store/file-fetch';
import { SectionFrame } from '../../ui/SectionFrame';
import { useI18n } from '../../ui/i18n';
import { UserForm } from './UserForm';
import { useUsersData } from './queries';
import { defaultRoleId, roleChoices } from './user-form';
import './users.css';

/**
 * Add or edit a user (spec §2 `/admin/users/edit`, guarded by RIGHT_ACCOUNT_CONTROL): no id is a
 * new user. The form opens once the local store has the user, their roles and teams.
 */
export function UserEditScreen({
  userId,
  viewerId,
  ownRights,
  canManageTeams,
  fileSource,
  onDone,
}: {
  userId: string | undefined;
  viewerId: string;
  ownRights: ReadonlySet<Right>;
  canManageTeams: boolean;
  fileSource: FileSource;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const data = useUsersData();
  // A new user's id is chosen once, so a save retried after a refusal is the same user.
  const [newUserId] = useState(newId);
  const user = userId ? data?.users.find((row) => row.id === userId) : undefined;
  const title = t(userId ? 'users.form.edit' : 'users.form.new');
  const back = (
    <button className="button" type="button" onClick={onDone}>
      {t('users.form.back')}
    </button>
  );

  if (!data)
    return (
      <SectionFrame title={title} actions={back}>
        <p className="empty-state">{t('common.loading')}</p>
      </SectionFrame>
    );
  if (userId && !user)
    return (
      <SectionFrame title={title} actions={back}>
        <p className="empty-state" data-testid="user-not-found">
          {t('users.form.notFound')}
        </p>
      </SectionFrame>
    );
  const roles = roleChoices(data.roles, ownRights, user?.roleId ?? null);
  const teams = [...data.teams].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <SectionFrame title={user ? `${title}: ${user.name}` : title} actions={back}>
      <UserForm
        key={user?.id ?? newUserId}
        userId={user?.id ?? newUserId}
        user={user}
        roles={roles}
        teams={teams}
        newRoleId={defaultRoleId(roles)}
        isSelf={user?.id === viewerId}
        canManageTeams={canManageTeams}
        fileSource={fileSource}
        onDone={onDone}
      />
    </SectionFrame>
  );
}
