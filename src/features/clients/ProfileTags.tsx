import { useState } from 'react';
import { LIMITS, type Client } from '../../protocol';
import { TextField } from '../../ui/forms/TextField';
import { useI18n } from '../../ui/i18n';
import { checkTag, type ProfileProblem } from './profile-checks';
import { useProblemText, useProfileCommand } from './use-profile-command';

/** The profile's tags: each removable, and a box that adds one under the tag rule (spec §5). */
export function ProfileTags({ client, editable }: { client: Client; editable: boolean }) {
  const { t } = useI18n();
  const command = useProfileCommand();
  const problemText = useProblemText();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<ProfileProblem | null>(null);
  const error = problem ? problemText(problem) : (command.refusal ?? undefined);
  return (
    <section className="profile__section" aria-labelledby="profile-tags" data-testid="profile-tags">
      <h3 id="profile-tags" className="profile__title">
        {t('clients.tags')}
      </h3>
      {client.tags.length === 0 ? (
        <p className="profile__empty">{t('clients.none')}</p>
      ) : (
        <ul className="tags">
          {client.tags.map((tag) => (
            <li key={tag} className="tag" data-testid="profile-tag">
              <span data-testid="profile-tag-name">{tag}</span>
              {editable ? (
                <button
                  className="tag__remove"
                  type="button"
                  aria-label={t('clients.tags.remove', { name: tag })}
                  onClick={() => {
                    void command.send(
                      { type: 'client.removeTag', payload: { clientId: client.id, tag } },
                      'clients.tags.removed',
                    );
                  }}
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editable ? (
        <form
          className="profile__add"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const checked = checkTag(client.id, draft, client.tags);
            if (!checked.ok) {
              setProblem(checked.problem);
              return;
            }
            setProblem(null);
            setDraft('');
            void command.send(
              { type: 'client.addTag', payload: checked.payload },
              'clients.tags.added',
            );
          }}
        >
          <TextField
            label={t('clients.tags.new')}
            name="tag"
            value={draft}
            maxLength={LIMITS.clientTagMax}
            error={error}
            data-testid="profile-tag-input"
            onValue={(value) => {
              setDraft(value);
              setProblem(null);
              if (command.refusal) void command.dismiss();
            }}
          />
          <p className="form__hint">{t('clients.tags.rule', { max: LIMITS.clientTagMax })}</p>
          <button className="button" type="submit" data-testid="profile-tag-add">
            {t('clients.add')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
