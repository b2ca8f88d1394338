import { useMemo, useState } from 'react';
import type { FileSource } from '../../store/file-fetch';
import { SectionFrame } from '../../ui/SectionFrame';
import { isPlainClick } from '../../ui/plain-click';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { shownRole } from '../../ui/built-in-roles';
import { useI18n } from '../../ui/i18n';
import { UserAvatar } from './UserAvatar';
import { useUsersData } from './queries';
import {
  ACTIVITY_FILTERS,
  isActivityFilter,
  lastActivityText,
  userRows,
  type ActivityFilter,
} from './user-list';
import './users.css';

/**
 * Users (spec §2 `/admin/users/all`): the organization's people with search and the Active /
 * Inactive filter. Everyone may look (no guard, spec §6); adding and editing need
 * RIGHT_ACCOUNT_CONTROL, whose holders get the Add button and an edit link per row.
 */
export function UsersScreen({
  canEdit,
  editHref,
  onAdd,
  onEdit,
  fileSource,
}: {
  canEdit: boolean;
  /** The address of a user's edit page, so a row's link opens in a new tab too. */
  editHref: (userId: string) => string;
  onAdd: () => void;
  onEdit: (userId: string) => void;
  fileSource: FileSource;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const data = useUsersData();
  const [search, setSearch] = useState('');
  const [activity, setActivity] = useState<ActivityFilter>('all');
  const rows = useMemo(
    () =>
      data
        ? userRows(
            data.users,
            data.roles.map((role) => shownRole(role, t)),
            data.teams,
            { search, activity },
          )
        : undefined,
    [data, search, activity, t],
  );

  return (
    <SectionFrame
      title={t('section.users')}
      actions={
        canEdit ? (
          <button
            className="button button--primary"
            type="button"
            data-testid="user-add"
            onClick={onAdd}
          >
            {t('users.add')}
          </button>
        ) : null
      }
    >
      <div className="toolbar users__toolbar" role="search">
        <TextField
          label={t('common.search')}
          type="search"
          name="search"
          placeholder={t('users.search')}
          value={search}
          onValue={setSearch}
          data-testid="users-search"
        />
        <SelectField
          label={t('users.filter')}
          name="activity"
          value={activity}
          options={ACTIVITY_FILTERS.map((value) => ({
            value,
            label: t(`users.filter.${value}`),
          }))}
          onValue={(value) => {
            if (isActivityFilter(value)) setActivity(value);
          }}
          data-testid="users-filter"
        />
        {rows ? (
          <span className="users__count" aria-live="polite">
            {t('users.count', { count: rows.length })}
          </span>
        ) : null}
      </div>
      {!rows ? (
        <p className="empty-state">{t('common.loading')}</p>
      ) : rows.length === 0 ? (
        <div className="empty-state" data-testid="users-empty">
          <p>{t('users.empty')}</p>
          <p>{t('users.emptyHint')}</p>
        </div>
      ) : (
        <table className="table users__table" data-testid="users-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('users.column.photo')}</span>
              </th>
              <th scope="col">{t('users.column.name')}</th>
              <th scope="col">{t('users.column.email')}</th>
              <th scope="col">{t('users.column.role')}</th>
              <th scope="col">{t('users.column.teams')}</th>
              <th scope="col">{t('users.column.status')}</th>
              <th scope="col">{t('users.column.lastActivity')}</th>
              <th scope="col">{t('users.column.active')}</th>
              {canEdit ? (
                <th scope="col">
                  <span className="visually-hidden">{t('users.edit')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                className={row.active ? undefined : 'users__inactive'}
                data-testid="user-row"
                data-user-id={row.id}
              >
                <td>
                  <UserAvatar name={row.name} photoUrl={row.photoUrl} source={fileSource} />
                </td>
                <td data-testid="user-name">{row.name}</td>
                <td>{row.email}</td>
                <td>{row.roleName}</td>
                <td className="users__teams">{row.teamNames.join(', ')}</td>
                <td>
                  <span className={`users__presence users__presence--${row.presence}`}>
                    {t(`users.presence.${row.presence}`)}
                  </span>
                </td>
                <td>{lastActivityText(row.lastActivityAt, i18n)}</td>
                <td data-testid="user-active">
                  {t(row.active ? 'users.active.yes' : 'users.active.no')}
                </td>
                {canEdit ? (
                  <td>
                    <a
                      className="button button--link"
                      href={editHref(row.id)}
                      data-testid="user-edit"
                      aria-label={`${t('users.edit')}: ${row.name}`}
                      onClick={(event) => {
                        if (!isPlainClick(event)) return;
                        event.preventDefault();
                        onEdit(row.id);
                      }}
                    >
                      {t('users.edit')}
                    </a>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SectionFrame>
  );
}
