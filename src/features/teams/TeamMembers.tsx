import { useState } from 'react';
import type { User } from '../../protocol';
import { useEnqueue } from '../../store/hooks';
import { SelectField } from '../../ui/forms/SelectField';
import { useI18n } from '../../ui/i18n';
import { teamCandidates, teamMembers } from './team-list';

/**
 * A team's members on its panel (spec §6: a supervisor manages the teams and their operators):
 * each with a button to take them out, and a picker of the active users not in the team. Each
 * change goes at once as `team.setMembers`, apart from the team form's Save; the list is read
 * live from the local store, so the change shows as predicted, and a refusal returns the list and
 * shows in the shell's notice of refused commands.
 */
export function TeamMembers({ teamId, users }: { teamId: string; users: readonly User[] }) {
  const { t } = useI18n();
  const enqueue = useEnqueue();
  const [picked, setPicked] = useState('');
  const members = teamMembers(users, teamId);
  const candidates = teamCandidates(users, teamId);
  const chosen = candidates.some((user) => user.id === picked) ? picked : '';
  const send = (add: string[], remove: string[]) =>
    void enqueue({ type: 'team.setMembers', payload: { teamId, add, remove } });

  return (
    <section aria-labelledby="team-members-title">
      <h3 id="team-members-title" className="team-form__section-title">
        {t('teams.members')}
      </h3>
      {members.length === 0 ? (
        <p className="team-form__note">{t('teams.membersNone')}</p>
      ) : (
        <ul className="team-form__members" data-testid="team-members">
          {members.map((user) => (
            <li key={user.id} className="team-form__member">
              <span>{user.name}</span>
              <button
                type="button"
                className="button button--link"
                data-testid="team-member-remove"
                aria-label={t('teams.memberRemove', { name: user.name })}
                onClick={() => {
                  send([], [user.id]);
                }}
              >
                {t('teams.memberRemoveShort')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {candidates.length === 0 ? null : (
        <div className="team-form__add-member">
          <SelectField
            label={t('teams.memberAdd')}
            name="addMember"
            data-testid="team-member-pick"
            value={chosen}
            options={[
              { value: '', label: t('teams.memberPick') },
              ...candidates.map((user) => ({ value: user.id, label: user.name })),
            ]}
            onValue={setPicked}
          />
          <button
            type="button"
            className="button"
            data-testid="team-member-add"
            disabled={chosen === ''}
            onClick={() => {
              send([chosen], []);
              setPicked('');
            }}
          >
            {t('teams.memberAddButton')}
          </button>
        </div>
      )}
      <p className="team-form__note">{t('teams.membersHint')}</p>
    </section>
  );
}
