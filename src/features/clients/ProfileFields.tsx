import { useState } from 'react';
import { LIMITS, type Client } from '../../protocol';
import { TextField } from '../../ui/forms/TextField';
import { useI18n } from '../../ui/i18n';
import { checkField, checkFieldValue, type ProfileProblem } from './profile-checks';
import { useProblemText, useProfileCommand } from './use-profile-command';

/** Additional fields (spec §3 "name, value"): add one, edit a value, remove one. */
export function ProfileFields({ client, editable }: { client: Client; editable: boolean }) {
  const { t } = useI18n();
  const command = useProfileCommand();
  const problemText = useProblemText();
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<{ field: string; problem: ProfileProblem } | null>(null);
  const [editing, setEditing] = useState<{ name: string; value: string } | null>(null);
  // Where the last command concerned: the new field's name, or the value being edited.
  const [target, setTarget] = useState<string>('new');
  const errorAt = (field: string): string | undefined =>
    problem?.field === field
      ? problemText(problem.problem)
      : target === field
        ? (command.refusal ?? undefined)
        : undefined;
  const typed = () => {
    setProblem(null);
    if (command.refusal) void command.dismiss();
  };
  return (
    <section
      className="profile__section"
      aria-labelledby="profile-fields"
      data-testid="profile-fields"
    >
      <h3 id="profile-fields" className="profile__title">
        {t('clients.fields')}
      </h3>
      {client.fields.length === 0 ? (
        <p className="profile__empty">{t('clients.none')}</p>
      ) : (
        <dl className="facts">
          {client.fields.map((field) => (
            <div key={field.name} className="profile__field" data-testid="profile-field">
              <dt>{field.name}</dt>
              <dd>
                {editing?.name === field.name ? (
                  <form
                    className="profile__inline"
                    noValidate
                    onSubmit={(event) => {
                      event.preventDefault();
                      const checked = checkFieldValue(client.id, field.name, editing.value);
                      if (!checked.ok) {
                        setProblem({ field: `value:${field.name}`, problem: checked.problem });
                        return;
                      }
                      setProblem(null);
                      setEditing(null);
                      setTarget(`value:${field.name}`);
                      void command.send(
                        { type: 'client.updateField', payload: checked.payload },
                        'clients.fields.saved',
                      );
                    }}
                  >
                    <TextField
                      label={t('clients.fields.valueOf', { name: field.name })}
                      name="fieldValue"
                      value={editing.value}
                      maxLength={LIMITS.clientFieldValueMax}
                      error={errorAt(`value:${field.name}`)}
                      data-testid="profile-field-value-input"
                      onValue={(next) => {
                        setEditing({ name: field.name, value: next });
                        typed();
                      }}
                    />
                    <button className="button" type="submit" data-testid="profile-field-save">
                      {t('clients.save')}
                    </button>
                  </form>
                ) : (
                  <>
                    <span data-testid="profile-field-value">
                      {field.value || t('clients.none')}
                    </span>
                    {errorAt(`value:${field.name}`) ? (
                      <span className="field__error">{errorAt(`value:${field.name}`)}</span>
                    ) : null}
                    {editable ? (
                      <span className="profile__actions">
                        <button
                          className="button button--link"
                          type="button"
                          data-testid="profile-field-edit"
                          onClick={() => {
                            setEditing({ name: field.name, value: field.value });
                            typed();
                          }}
                        >
                          {t('clients.fields.edit')}
                        </button>
                        <button
                          className="button button--link"
                          type="button"
                          data-testid="profile-field-remove"
                          onClick={() => {
                            setTarget(`value:${field.name}`);
                            void command.send(
                              {
                                type: 'client.removeField',
                                payload: { clientId: client.id, name: field.name },
                              },
                              'clients.fields.removed',
                            );
                          }}
                        >
                          {t('clients.remove')}
                        </button>
                      </span>
                    ) : null}
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {editable ? (
        <form
          className="profile__add"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const checked = checkField(client.id, name, value, client.fields);
            if (!checked.ok) {
              setProblem({ field: checked.field, problem: checked.problem });
              return;
            }
            setProblem(null);
            setName('');
            setValue('');
            setTarget('name');
            void command.send(
              { type: 'client.addField', payload: checked.payload },
              'clients.fields.added',
            );
          }}
        >
          <TextField
            label={t('clients.fields.name')}
            name="fieldName"
            value={name}
            maxLength={LIMITS.clientFieldNameMax}
            error={errorAt('name')}
            data-testid="profile-field-name-input"
            onValue={(next) => {
              setName(next);
              typed();
            }}
          />
          <TextField
            label={t('clients.fields.value')}
            name="fieldNewValue"
            value={value}
            maxLength={LIMITS.clientFieldValueMax}
            error={errorAt('value')}
            data-testid="profile-field-new-value-input"
            onValue={(next) => {
              setValue(next);
              typed();
            }}
          />
          <button className="button" type="submit" data-testid="profile-field-add">
            {t('clients.add')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
