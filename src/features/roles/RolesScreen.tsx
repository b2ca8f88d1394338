import { useMemo, useState } from 'react';
import { newId, type Right } from '../../protocol';
import { SectionFrame } from '../../ui/SectionFrame';
import { shownRole } from '../../ui/built-in-roles';
import { useI18n } from '../../ui/i18n';
import { RolePanel } from './RolePanel';
import { useRoleRows } from './queries';
import type { RoleRow } from './role-list';
import { orderedRights, rightHintKey, rightLabelKey } from './rights-catalog';
import './roles.css';

/** What the side panel edits: a new role (with the id it will be created under) or a created one. */
type Panel = { roleId: string; role: RoleRow | undefined };

/** A role's rights as short named chips, each explained on hover. */
function RightList({ rights }: { rights: RoleRow['rights'] }) {
  const { t } = useI18n();
  if (rights.length === 0) return <span className="roles__note">{t('roles.noRights')}</span>;
  return (
    <ul className="tags">
      {orderedRights(rights).map((right) => (
        <li key={right} className="roles__right" title={t(rightHintKey(right))}>
          {t(rightLabelKey(right))}
        </li>
      ))}
    </ul>
  );
}

function RoleTable({
  rows,
  testId,
  selectedId,
  onEdit,
}: {
  rows: readonly RoleRow[];
  testId: string;
  selectedId: string | undefined;
  onEdit?: (row: RoleRow) => void;
}) {
  const { t } = useI18n();
  return (
    <table className="table" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{t('roles.column.name')}</th>
          <th scope="col">{t('roles.column.description')}</th>
          <th scope="col">{t('roles.column.rights')}</th>
          <th scope="col" className="table__number">
            {t('roles.column.users')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.id}
            data-testid="role-row"
            data-role-id={row.id}
            aria-selected={onEdit ? selectedId === row.id : undefined}
          >
            <td>
              {onEdit ? (
                <button
                  className="button button--link"
                  type="button"
                  onClick={() => {
                    onEdit(row);
                  }}
                >
                  {shownRole(row, t).name}
                </button>
              ) : (
                shownRole(row, t).name
              )}
            </td>
            <td>{shownRole(row, t).description}</td>
            <td>
              <RightList rights={row.rights} />
            </td>
            <td className="table__number">{row.holders}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Roles (spec §2 `/admin/preferences/roles`, guarded by AUTHORITY_ROLE_MODIFY): the built-in roles
 * read-only with their rights, and the organization's own roles to add, edit and delete in the
 * side panel. `ownRights` are the signed-in user's: only those can be granted.
 */
export function RolesScreen({ ownRights }: { ownRights: readonly Right[] }) {
  const { t } = useI18n();
  const lists = useRoleRows();
  const own = useMemo(() => new Set(ownRights), [ownRights]);
  const [panel, setPanel] = useState<Panel | null>(null);
  const close = () => {
    setPanel(null);
  };
  const holders = panel?.role
    ? (lists?.created.find((row) => row.id === panel.roleId)?.holders ?? panel.role.holders)
    : 0;

  return (
    <SectionFrame
      title={t('section.preferences.roles')}
      actions={
        <button
          className="button button--primary"
          type="button"
          data-testid="role-add"
          onClick={() => {
            setPanel({ roleId: newId(), role: undefined });
          }}
        >
          {t('roles.add')}
        </button>
      }
    >
      <div className="with-panel">
        <div className="with-panel__list">
          {!lists ? (
            <p className="empty-state">{t('common.loading')}</p>
          ) : (
            <>
              <h2 className="roles__heading">{t('roles.created')}</h2>
              {lists.created.length === 0 ? (
                <p className="empty-state" data-testid="roles-empty">
                  {t('roles.createdEmpty')}
                </p>
              ) : (
                <RoleTable
                  rows={lists.created}
                  testId="roles-created"
                  selectedId={panel?.roleId}
                  onEdit={(row) => {
                    setPanel({ roleId: row.id, role: row });
                  }}
                />
              )}
              <h2 className="roles__heading">{t('roles.builtIn')}</h2>
              <p className="roles__note">{t('roles.builtInHint')}</p>
              <RoleTable rows={lists.builtIn} testId="roles-built-in" selectedId={undefined} />
            </>
          )}
        </div>
        {panel ? (
          <RolePanel
            key={panel.roleId}
            roleId={panel.roleId}
            role={panel.role}
            holders={holders}
            own={own}
            onClose={close}
          />
        ) : null}
      </div>
    </SectionFrame>
  );
}
