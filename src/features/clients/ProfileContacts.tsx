import { useState } from 'react';
import { newId, type Channel, type Client, type ClientContact } from '../../protocol';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { useI18n } from '../../ui/i18n';
import { checkContact, type ProfileProblem } from './profile-checks';
import { contactGroups } from './profile-view';
import { useProblemText, useProfileCommand } from './use-profile-command';

/**
 * The ways to reach the client: phones and e-mails (added and removed here) and the channel
 * identities they wrote from, each with its channel's name (those come only from channels).
 */
export function ProfileContacts({
  client,
  contacts,
  channels,
  editable,
}: {
  client: Client;
  contacts: readonly ClientContact[];
  channels: readonly Channel[];
  editable: boolean;
}) {
  const { t } = useI18n();
  const command = useProfileCommand();
  const problemText = useProblemText();
  const [kind, setKind] = useState<'phone' | 'email'>('phone');
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<ProfileProblem | null>(null);
  const error = problem ? problemText(problem) : (command.refusal ?? undefined);
  const groups = contactGroups(contacts, channels);
  const removable = (contact: ClientContact, label: string) => (
    <li key={contact.id} className="profile__contact" data-testid={`profile-${contact.kind}`}>
      <a href={contact.kind === 'phone' ? `tel:${contact.value}` : `mailto:${contact.value}`}>
        {contact.value}
      </a>{' '}
      {editable ? (
        <button
          className="button button--link"
          type="button"
          aria-label={t('clients.contacts.remove', { name: contact.value })}
          data-testid="profile-contact-remove"
          onClick={() => {
            void command.send(
              { type: 'client.removeContact', payload: { contactId: contact.id } },
              'clients.contacts.removed',
            );
          }}
        >
          {t('clients.remove')}
        </button>
      ) : null}
      <span className="visually-hidden">{label}</span>
    </li>
  );
  const empty = groups.phones.length + groups.emails.length + groups.identities.length === 0;
  return (
    <section
      className="profile__section"
      aria-labelledby="profile-contacts"
      data-testid="profile-contacts"
    >
      <h3 id="profile-contacts" className="profile__title">
        {t('clients.contacts')}
      </h3>
      {empty ? <p className="profile__empty">{t('clients.none')}</p> : null}
      <ul className="profile__contacts">
        {groups.phones.map((contact) => removable(contact, t('clients.contacts.phone')))}
        {groups.emails.map((contact) => removable(contact, t('clients.contacts.email')))}
        {groups.identities.map(({ contact, channelName }) => (
          <li key={contact.id} className="profile__contact" data-testid="profile-identity">
            <span className="profile__channel">
              {channelName ?? t('clients.contacts.unknownChannel')}
            </span>{' '}
            <span>{contact.value}</span>
          </li>
        ))}
      </ul>
      {editable ? (
        <form
          className="profile__add"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const checked = checkContact(client.id, newId(), kind, draft, contacts);
            if (!checked.ok) {
              setProblem(checked.problem);
              return;
            }
            setProblem(null);
            setDraft('');
            void command.send(
              { type: 'client.addContact', payload: checked.payload },
              'clients.contacts.added',
            );
          }}
        >
          <SelectField
            label={t('clients.contacts.kind')}
            name="contactKind"
            value={kind}
            options={[
              { value: 'phone', label: t('clients.contacts.phone') },
              { value: 'email', label: t('clients.contacts.email') },
            ]}
            onValue={(value) => {
              setKind(value === 'email' ? 'email' : 'phone');
              setProblem(null);
            }}
          />
          <TextField
            label={t('clients.contacts.value')}
            name="contact"
            type={kind === 'email' ? 'email' : 'tel'}
            value={draft}
            error={error}
            data-testid="profile-contact-input"
            onValue={(value) => {
              setDraft(value);
              setProblem(null);
              if (command.refusal) void command.dismiss();
            }}
          />
          <button className="button" type="submit" data-testid="profile-contact-add">
            {t('clients.add')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
