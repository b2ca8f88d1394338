import { useState } from 'react';
import { newId, type Team } from '../../protocol';
import { SectionFrame } from '../../ui/SectionFrame';
import { useI18n } from '../../ui/i18n';
import { TeamPanel } from './TeamPanel';
import { useTeamsData } from './queries';
import './teams.css';

/** What the side panel shows: a new team (with the id it will be created under) or one to edit. */
type Panel = { teamId: string; team: Team | undefined };

/**
 * Teams (spec §2 `/admin/teams/all`): the organization's teams with their member counts, and a
 * side panel to add, edit and delete one. Without the teams-management right the list is read-only
 * (the route has no guard, spec §6; the menu hides Teams from those without the right).
 */
export function TeamsScreen({ canEdit }: { canEdit: boolean }) {
  const { t } = useI18n();
  const data = useTeamsData();
  const [panel, setPanel] = useState<Panel | null>(null);
  const close = () => {
    setPanel(null);
  };

  return (
    <SectionFrame
      title={t('section.teams')}
      actions={
        canEdit ? (
          <button
            className="button button--primary"
            type="button"
            data-testid="team-add"
            onClick={() => {
              setPanel({ teamId: newId(), team: undefined });
            }}
          >
            {t('teams.add')}
          </button>
        ) : null
      }
    >
      <div className="with-panel">
        <div className="with-panel__list">
          {canEdit ? null : <p className="teams__read-only">{t('teams.readOnly')}</p>}
          {!data ? (
            <p className="empty-state">{t('common.loading')}</p>
          ) : data.rows.length === 0 ? (
            <p className="empty-state" data-testid="teams-empty">
              {t('teams.empty')}
            </p>
          ) : (
            <table className="table" data-testid="teams-table">
              <thead>
                <tr>
                  <th scope="col">{t('teams.column.name')}</th>
                  <th scope="col">{t('teams.column.description')}</th>
                  <th scope="col">{t('teams.column.method')}</th>
                  <th scope="col" className="table__number">
                    {t('teams.column.members')}
                  </th>
                  <th scope="col" className="table__number">
                    {t('teams.column.dialogLimit')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr
                    key={row.id}
                    data-testid="team-row"
                    data-team-id={row.id}
                    aria-selected={panel?.teamId === row.id}
                  >
                    <td>
                      {canEdit ? (
                        <button
                          className="button button--link"
                          type="button"
                          onClick={() => {
                            setPanel({ teamId: row.id, team: row });
                          }}
                        >
                          {row.name}
                        </button>
                      ) : (
                        row.name
                      )}
                    </td>
                    <td>{row.description}</td>
                    <td>{t(`teams.method.${row.distributionMethod}`)}</td>
                    <td className="table__number" data-testid="team-members-count">
                      {row.memberCount}
                    </td>
                    <td className="table__number">{row.dialogLimit}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        {panel && canEdit ? (
          <TeamPanel
            key={panel.teamId}
            teamId={panel.teamId}
            team={panel.team}
            users={data?.users ?? []}
            onClose={close}
          />
        ) : null}
      </div>
    </SectionFrame>
  );
}
