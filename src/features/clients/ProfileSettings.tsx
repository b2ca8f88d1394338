import { useState } from 'react';
import { LIMITS, type Client, type ClientStatus, type User } from '../../protocol';
import { Dialog } from '../../ui/Dialog';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { useI18n } from '../../ui/i18n';
import { checkName, type ProfileProblem } from './profile-checks';
import { currentStatus, managerChoices, statusChoices } from './profile-view';
import { useProblemText, useProfileCommand } from './use-profile-command';

/** The client's name, edited in place. */
export function ProfileName({ client, editable }: { client: Client; editable: boolean }) {
  const { t } = useI18n();
  const command = useProfileCommand();
  const problemText = useProblemText();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<ProfileProblem | null>(null);
  const error = problem ? problemText(problem) : (command.refusal ?? undefined);
  if (!editable)
    return (
      <p className="profile__name" data-testid="profile-name">
        {client.name}
      </p>
    );
  const value = draft ?? client.name;
  return (
    <form
      className="profile__inline"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = checkName(client.id, value);
        if (!checked.ok) {
          setProblem(checked.problem);
          return;
        }
        setProblem(null);
        setDraft(null);
        if (checked.payload.name === client.name) return;
        void command.send(
          { type: 'client.update', payload: checked.payload },
          'clients.name.saved',
        );
      }}
    >
      <TextField
        label={t('clients.name')}
        name="clientName"
        required
        value={value}
        maxLength={LIMITS.clientNameMax}
        error={error}
        data-testid="profile-name-input"
        onValue={(next) => {
          setDraft(next);
          setProblem(null);
          if (command.refusal) void command.dismiss();
        }}
      />
      {draft !== null && draft !== client.name ? (
        <button className="button" type="submit" data-testid="profile-name-save">
          {t('clients.save')}
        </button>
      ) : null}
    </form>
  );
}

/** The status (inner ones translated, the organization's own with their colour) and the manager. */
export function ProfileStatusAndManager({
  client,
  statuses,
  offerCustom,
  users,
  editable,
}: {
  client: Client;
  statuses: readonly ClientStatus[];
  /** The organization's own statuses are offered with the client-statuses pack only. */
  offerCustom: boolean;
  users: readonly User[];
  editable: boolean;
}) {
  const { t } = useI18n();
  const statusCommand = useProfileCommand();
  const managerCommand = useProfileCommand();
  const all = statusChoices(statuses);
  const current = currentStatus(client, all);
  const choices = all.filter(
    (choice) => choice.inner || offerCustom || choice.value === client.status,
  );
  const labelOf = (choice: (typeof choices)[number]) =>
    choice.inner ? t(`client.status.${choice.value}`) : choice.name;
  const managers = managerChoices(users, client.personalManagerId);
  const managerName = users.find((user) => user.id === client.personalManagerId)?.name;
  return (
    <section className="profile__section" data-testid="profile-status">
      <div className="profile__status">
        {current && !current.inner ? (
          <span
            className="profile__swatch"
            style={{ backgroundColor: current.colour }}
            aria-hidden="true"
          />
        ) : null}
        {editable ? (
          <SelectField
            label={t('clients.status')}
            name="status"
            value={current?.value ?? ''}
            options={[
              ...(current ? [] : [{ value: '', label: t('clients.status.unknown') }]),
              ...choices.map((choice) => ({ value: choice.value, label: labelOf(choice) })),
            ]}
            error={statusCommand.refusal ?? undefined}
            data-testid="profile-status-select"
            onValue={(status) => {
              if (!status) return;
              void statusCommand.send(
                { type: 'client.update', payload: { clientId: client.id, status } },
                'clients.status.saved',
              );
            }}
          />
        ) : (
          <p>
            <span className="profile__label">{t('clients.status')}: </span>
            <span data-testid="profile-status-value">
              {current ? labelOf(current) : t('clients.status.unknown')}
            </span>
          </p>
        )}
      </div>
      {editable ? (
        // A select cannot show colours: the organization's own statuses are listed with theirs.
        <ul className="profile__palette" aria-label={t('clients.status')}>
          {choices.map((choice) =>
            choice.inner ? null : (
              <li key={choice.value} className="profile__palette-item">
                <span
                  className="profile__swatch"
                  style={{ backgroundColor: choice.colour }}
                  aria-hidden="true"
                />
                {choice.name}
              </li>
            ),
          )}
        </ul>
      ) : null}
      {editable ? (
        <SelectField
          label={t('clients.manager')}
          name="personalManager"
          value={client.personalManagerId ?? ''}
          options={[
            { value: '', label: t('clients.manager.none') },
            ...managers.map((user) => ({ value: user.id, label: user.name })),
          ]}
          error={managerCommand.refusal ?? undefined}
          data-testid="profile-manager-select"
          onValue={(value) => {
            void managerCommand.send(
              {
                type: 'client.update',
                payload: { clientId: client.id, personalManagerId: value || null },
              },
              'clients.manager.saved',
            );
          }}
        />
      ) : (
        <p>
          <span className="profile__label">{t('clients.manager')}: </span>
          <span data-testid="profile-manager-value">
            {managerName ?? t('clients.manager.none')}
          </span>
        </p>
      )}
    </section>
  );
}

/** The spam flag, changed only after the user confirms: it hides the client's chats from the lists. */
export function ProfileSpam({ client, editable }: { client: Client; editable: boolean }) {
  const { t } = useI18n();
  const command = useProfileCommand();
  const [asking, setAsking] = useState(false);
  const next = !client.spam;
  return (
    <section className="profile__section" data-testid="profile-spam">
      <p>
        <span className="profile__label">{t('clients.spam')}: </span>
        <span data-testid="profile-spam-value">
          {client.spam ? t('clients.spam.on') : t('clients.spam.off')}
        </span>
      </p>
      {command.refusal ? <p className="field__error">{command.refusal}</p> : null}
      {editable ? (
        <button
          className="button"
          type="button"
          data-testid="profile-spam-toggle"
          onClick={() => {
            setAsking(true);
          }}
        >
          {client.spam ? t('clients.spam.unmark') : t('clients.spam.mark')}
        </button>
      ) : null}
      {asking ? (
        <Dialog
          title={next ? t('clients.spam.mark') : t('clients.spam.unmark')}
          testId="profile-spam-dialog"
          onClose={() => {
            setAsking(false);
          }}
          confirm={{
            label: next ? t('clients.spam.mark') : t('clients.spam.unmark'),
            testId: 'profile-spam-confirm',
            disabled: false,
            onConfirm: () => {
              setAsking(false);
              void command.send(
                { type: 'client.setSpam', payload: { clientId: client.id, spam: next } },
                'clients.spam.saved',
              );
            },
          }}
        >
          <p>
            {next
              ? t('clients.spam.confirmMark', { name: client.name })
              : t('clients.spam.confirmUnmark', { name: client.name })}
          </p>
        </Dialog>
      ) : null}
    </section>
  );
}
