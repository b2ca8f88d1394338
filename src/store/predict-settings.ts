import type { SyncTable } from '../protocol';
import type { AnyRow, OutboxRow, SyncRows } from './tables';

type Pending = Pick<OutboxRow, 'type' | 'payload'>;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const strOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The row each category or template command changes, keyed by the id in its payload
 * (docs/categories-and-templates.md). `organization.setUsesCategories` names no row of its own
 * payload, so it waits for the server's answer.
 */
export function settingsKeys(command: Pick<Pending, 'type' | 'payload'>): {
  table: SyncTable;
  key: string;
}[] {
  const p = command.payload;
  switch (command.type) {
    case 'requestCategory.create':
    case 'requestCategory.update':
    case 'requestCategory.move':
    case 'requestCategory.delete':
      return [{ table: 'requestCategories', key: str(p.categoryId) }];
    case 'templateCategory.create':
    case 'templateCategory.update':
    case 'templateCategory.delete':
      return [{ table: 'templateCategories', key: str(p.templateCategoryId) }];
    case 'template.create':
    case 'template.update':
    case 'template.delete':
      return [{ table: 'templates', key: str(p.templateId) }];
    default:
      return [];
  }
}

function predictCategory(command: Pending, row: SyncRows['requestCategories'] | undefined) {
  const p = command.payload;
  switch (command.type) {
    case 'requestCategory.create':
      return (
        row ?? {
          id: str(p.categoryId),
          parentId: strOrNull(p.parentId),
          name: str(p.name).trim(),
          teamIds: strings(p.teamIds),
          retired: false,
        }
      );
    case 'requestCategory.update':
      return row && { ...row, name: str(p.name).trim(), teamIds: strings(p.teamIds) };
    case 'requestCategory.move':
      return row && { ...row, parentId: strOrNull(p.parentId) };
    case 'requestCategory.delete':
      // Retired or deleted, the server decides; either way pickers stop offering it (and so its
      // children), while a chat that carries it keeps its name until the answer comes.
      return row && { ...row, retired: true };
    default:
      return row;
  }
}

function predictTemplateCategory(
  command: Pending,
  row: SyncRows['templateCategories'] | undefined,
) {
  const p = command.payload;
  if (command.type === 'templateCategory.delete') return undefined;
  if (command.type === 'templateCategory.update' && !row) return row;
  return {
    id: str(p.templateCategoryId),
    name: str(p.name).trim(),
    teamIds: strings(p.teamIds),
  } satisfies SyncRows['templateCategories'];
}

function predictTemplate(command: Pending, row: SyncRows['templates'] | undefined) {
  const p = command.payload;
  if (command.type === 'template.delete') return undefined;
  if (command.type === 'template.update' && !row) return row;
  return {
    id: str(p.templateId),
    title: str(p.title).trim(),
    text: str(p.text),
    categoryId: strOrNull(p.categoryId),
    teamIds: strings(p.teamIds),
  } satisfies SyncRows['templates'];
}

/** A category or template command's predicted effect on one row (predict.ts, predictRow). */
export function predictSettingsRow(
  command: Pending,
  table: SyncTable,
  row: AnyRow | undefined,
): AnyRow | undefined {
  if (table === 'requestCategories')
    return predictCategory(command, row as SyncRows['requestCategories'] | undefined);
  if (table === 'templateCategories')
    return predictTemplateCategory(command, row as SyncRows['templateCategories'] | undefined);
  if (table === 'templates')
    return predictTemplate(command, row as SyncRows['templates'] | undefined);
  return row;
}
