import type { Team } from '../../protocol';
import { useI18n } from '../i18n';
import { CheckboxField } from './CheckboxField';
import { nextTeamIds } from './team-choice';

/**
 * "Available to": every team, or the teams ticked. The settings rows it edits (request
 * categories, reply templates and their categories) store every team as an empty list, so "All
 * teams" is a box of its own that ticking a team clears and unticking the last team ticks again:
 * no state of the boxes means something the list cannot hold.
 */
export function TeamsField({
  label,
  teams,
  value,
  onValue,
  disabled = false,
  hint,
  error,
  testId,
}: {
  label: string;
  teams: readonly Team[];
  value: readonly string[];
  onValue: (teamIds: string[]) => void;
  disabled?: boolean;
  hint?: string | undefined;
  error?: string | undefined;
  testId?: string;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="teams-field" disabled={disabled} data-testid={testId}>
      <legend>{label}</legend>
      <CheckboxField
        label={t('teamsField.all')}
        checked={value.length === 0}
        onChecked={(checked) => {
          if (checked) onValue([]);
        }}
        data-testid="teams-field-all"
      />
      {teams.length === 0 ? (
        <p className="form__hint">{t('teamsField.none')}</p>
      ) : (
        <div className="teams-field__teams">
          {teams.map((team) => (
            <CheckboxField
              key={team.id}
              label={team.name}
              value={team.id}
              checked={value.includes(team.id)}
              onChecked={(checked) => {
                onValue(nextTeamIds(value, team.id, checked));
              }}
            />
          ))}
        </div>
      )}
      {hint ? <p className="teams-field__hint">{hint}</p> : null}
      {error ? <span className="field__error">{error}</span> : null}
    </fieldset>
  );
}
