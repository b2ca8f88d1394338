import { useLiveQuery } from 'dexie-react-hooks';
import { takesTemplates, type Channel, type MessengerTemplate } from '../../protocol';
import { useStore } from '../../store/hooks';

/** The organization's registered templates, live, those being deleted left out; by name. */
export function useMessengerTemplates(): MessengerTemplate[] | undefined {
  const db = useStore();
  return useLiveQuery(
    async () =>
      (await db.messengerTemplates.toArray())
        .filter((template) => template.status !== 'deleting')
        .sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language)),
    [db],
  );
}

/** The channels whose provider registers templates (WhatsApp), live, by name. */
export function useTemplateChannels(): Channel[] | undefined {
  const db = useStore();
  return useLiveQuery(
    async () =>
      (await db.channels.toArray())
        .filter((channel) => takesTemplates(channel.type))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [db],
  );
}
