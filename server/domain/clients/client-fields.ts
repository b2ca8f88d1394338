import { LIMITS, type CommandPayload } from '../../../src/protocol';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { clientPut, lockClient, requireProfileRights, sameName, saveClient } from './client-access';

type FieldPayload = CommandPayload<'client.addField'>;

/** A new additional field; names are unique on a profile regardless of case (PROFILE_FIELD_EXISTS). */
export async function clientAddField(scope: CommandScope, payload: FieldPayload): Promise<void> {
  await requireProfileRights(scope);
  const client = await lockClient(scope, payload.clientId);
  if (client.fields.some((field) => sameName(field.name, payload.name)))
    fail('PROFILE_FIELD_EXISTS');
  if (client.fields.length >= LIMITS.clientFieldsMax)
    fail('VALIDATION_FAILED', { field: 'name', max: LIMITS.clientFieldsMax });
  const fields = [...client.fields, { name: payload.name, value: payload.value }];
  const row = await saveClient(scope, client.id, { fields });
  scope.emit('client.fieldsChanged', { clientId: client.id, added: payload.name }, [
    clientPut(row),
  ]);
}

/** A field's new value; its name is matched regardless of case and written as now typed. */
export async function clientUpdateField(scope: CommandScope, payload: FieldPayload): Promise<void> {
  await requireProfileRights(scope);
  const client = await lockClient(scope, payload.clientId);
  if (!client.fields.some((field) => sameName(field.name, payload.name)))
    fail('PROFILE_FIELD_NOT_FOUND');
  const fields = client.fields.map((field) =>
    sameName(field.name, payload.name) ? { name: payload.name, value: payload.value } : field,
  );
  const row = await saveClient(scope, client.id, { fields });
  scope.emit('client.fieldsChanged', { clientId: client.id, updated: payload.name }, [
    clientPut(row),
  ]);
}

export async function clientRemoveField(
  scope: CommandScope,
  payload: CommandPayload<'client.removeField'>,
): Promise<void> {
  await requireProfileRights(scope);
  const client = await lockClient(scope, payload.clientId);
  const fields = client.fields.filter((field) => !sameName(field.name, payload.name));
  if (fields.length === client.fields.length) fail('PROFILE_FIELD_NOT_FOUND');
  const row = await saveClient(scope, client.id, { fields });
  scope.emit('client.fieldsChanged', { clientId: client.id, removed: payload.name }, [
    clientPut(row),
  ]);
}
