import { useMemo, useState, type ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { newId } from '../../protocol';
import { useEnqueue, useStore } from '../../store/hooks';
import { useI18n } from '../../ui/i18n';
import { contactIndex, searchClients } from './client-search';

/**
 * Create chat (spec §2): choose a client and one of the active channels, write the first message.
 * The chat opens at once (predicted locally) and lists under "Created"; the server checks that the
 * client can be reached through that channel.
 */
export function CreateChatPane({ onCreated }: { onCreated: (chatId: string) => void }): ReactNode {
  const { t } = useI18n();
  const db = useStore();
  const enqueue = useEnqueue();
  const clients = useLiveQuery(() => db.clients.toArray(), [db]);
  const channels = useLiveQuery(
    () => db.channels.filter((channel) => channel.active).toArray(),
    [db],
  );
  const [query, setQuery] = useState('');
  const [clientId, setClientId] = useState('');
  const [channelId, setChannelId] = useState('');
  const [text, setText] = useState('');
  const [failure, setFailure] = useState(false);
  const contactRows = useLiveQuery(() => db.clientContacts.toArray(), [db]);
  const contacts = useMemo(() => contactIndex(contactRows ?? []), [contactRows]);
  const found = useMemo(
    () => searchClients(clients ?? [], query, 20, contacts),
    [clients, query, contacts],
  );
  const chosenChannel = channelId || channels?.[0]?.id || '';
  const ready = clientId !== '' && chosenChannel !== '' && text.trim() !== '';

  return (
    <form
      className="create-chat"
      data-testid="create-chat"
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        const chatId = newId();
        setFailure(false);
        enqueue({
          type: 'chat.create',
          payload: { chatId, clientId, channelId: chosenChannel, text },
        }).then(
          () => {
            onCreated(chatId);
          },
          (error: unknown) => {
            // Not even stored locally (storage full): the form keeps what was written.
            console.error('A change could not be stored on this device', error);
            setFailure(true);
          },
        );
      }}
    >
      <h2>{t('section.createChat')}</h2>
      <label>
        {t('createChat.client')}
        <input
          type="search"
          value={query}
          data-testid="create-chat-search"
          onChange={(event) => {
            setQuery(event.target.value);
          }}
        />
      </label>
      <select
        size={6}
        value={clientId}
        data-testid="create-chat-client"
        onChange={(event) => {
          setClientId(event.target.value);
        }}
      >
        {found.map((client) => (
          <option key={client.id} value={client.id}>
            {client.phone ? `${client.name} · ${client.phone}` : client.name}
          </option>
        ))}
      </select>
      <label>
        {t('createChat.channel')}
        <select
          value={chosenChannel}
          data-testid="create-chat-channel"
          onChange={(event) => {
            setChannelId(event.target.value);
          }}
        >
          {(channels ?? []).map((channel) => (
            <option key={channel.id} value={channel.id}>
              {channel.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('createChat.message')}
        <textarea
          value={text}
          rows={4}
          data-testid="create-chat-text"
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
      </label>
      {failure ? (
        <p className="form-failure" role="alert">
          {t('chat.notStored')}
        </p>
      ) : null}
      <button className="button" type="submit" disabled={!ready} data-testid="create-chat-submit">
        {t('createChat.submit')}
      </button>
    </form>
  );
}
