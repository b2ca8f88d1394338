import type { MessengerTemplate, SyncTable } from '../protocol';
import type { AnyRow, OutboxRow, SyncRows } from './tables';

type Pending = Pick<OutboxRow, 'type' | 'payload' | 'createdAt'>;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const strOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The row each registered-template command changes (docs/messenger-templates.md). */
export function messengerTemplateKeys(command: Pick<Pending, 'type' | 'payload'>): {
  table: SyncTable;
  key: string;
}[] {
  switch (command.type) {
    case 'messengerTemplate.create':
    case 'messengerTemplate.update':
    case 'messengerTemplate.submit':
    case 'messengerTemplate.delete':
      return [{ table: 'messengerTemplates', key: str(command.payload.templateId) }];
    default:
      return [];
  }
}

/**
 * A registered-template command's predicted effect: the draft as written, a submission on its
 * way, a deletion that takes it from every list at once. The provider's review comes only from
 * the server.
 */
export function predictMessengerTemplateRow(
  command: Pending,
  row: AnyRow | undefined,
): AnyRow | undefined {
  const p = command.payload;
  const template = row as SyncRows['messengerTemplates'] | undefined;
  switch (command.type) {
    case 'messengerTemplate.create':
    case 'messengerTemplate.update': {
      if (command.type === 'messengerTemplate.update' && !template) return template;
      const written: MessengerTemplate = {
        id: str(p.templateId),
        channelId: template?.channelId ?? str(p.channelId),
        name: str(p.name).trim(),
        category: (p.category as MessengerTemplate['category'] | undefined) ?? 'utility',
        language: (p.language as MessengerTemplate['language'] | undefined) ?? 'en',
        header: strOrNull(p.header),
        text: str(p.text).trim(),
        footer: strOrNull(p.footer),
        buttons: Array.isArray(p.buttons) ? (p.buttons as MessengerTemplate['buttons']) : [],
        status: 'draft',
        reason: template?.reason ?? null,
        registeredAt: template?.registeredAt ?? null,
        createdAt: template?.createdAt ?? command.createdAt,
        updatedAt: command.createdAt,
      };
      return written;
    }
    case 'messengerTemplate.submit':
      return template && { ...template, status: 'submitting', reason: null };
    case 'messengerTemplate.delete':
      return template && { ...template, status: 'deleting' };
    default:
      return row;
  }
}
