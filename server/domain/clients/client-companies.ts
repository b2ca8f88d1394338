import { and, eq } from 'drizzle-orm';
import { LIMITS, type CommandPayload } from '../../../src/protocol';
import { companies } from '../../db/schema';
import { ORG_GROUP, type StoredChange } from '../../sync/groups';
import { companyRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import {
  clientPut,
  lockClient,
  requireProfileRights,
  saveClient,
  type ClientRecord,
} from './client-access';

/** A company of this organization; another organization's answers exactly like a missing one. */
async function findCompany(scope: CommandScope, companyId: string): Promise<void> {
  const [found] = await scope.tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.orgId, scope.orgId)));
  if (!found) fail('COMPANY_NOT_FOUND');
}

/** Links a company to a locked client: the change, or null when it was linked already. */
async function link(
  scope: CommandScope,
  client: ClientRecord,
  companyId: string,
): Promise<StoredChange | null> {
  if (client.companyIds.includes(companyId)) return null;
  if (client.companyIds.length >= LIMITS.clientCompaniesMax)
    fail('VALIDATION_FAILED', { field: 'companyId', max: LIMITS.clientCompaniesMax });
  return clientPut(
    await saveClient(scope, client.id, { companyIds: [...client.companyIds, companyId] }),
  );
}

/**
 * A new company, its CRM id unique in the organization (OUTER_COMPANY_EXISTS); with a client, it
 * is linked to it at once (the profile's "create company").
 */
export async function companyCreate(
  scope: CommandScope,
  payload: CommandPayload<'company.create'>,
): Promise<void> {
  await requireProfileRights(scope);
  const { companyId, name, outerId, clientId } = payload;
  const client = clientId === null ? null : await lockClient(scope, clientId);
  const [used] = await scope.tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (used) fail('VALIDATION_FAILED', { field: 'companyId' });
  if (outerId !== null) {
    const [taken] = await scope.tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.orgId, scope.orgId), eq(companies.outerId, outerId)));
    if (taken) fail('OUTER_COMPANY_EXISTS');
  }
  const [row] = await scope.tx
    .insert(companies)
    .values({
      id: companyId,
      orgId: scope.orgId,
      name,
      outerId,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  if (!row) throw new Error('company insert returned nothing');
  const changes: StoredChange[] = [
    { table: 'companies', op: 'put', key: row.id, row: companyRow(row), groups: [ORG_GROUP] },
  ];
  const linked = client ? await link(scope, client, companyId) : null;
  if (linked) changes.push(linked);
  scope.emit('company.created', { companyId, name, clientId: client?.id ?? null }, changes);
}

/**
 * Links a company to a client. Linking one already linked succeeds and writes nothing: the
 * profile already shows what was asked (two tabs, or a command queued offline twice).
 */
export async function clientLinkCompany(
  scope: CommandScope,
  payload: CommandPayload<'client.linkCompany'>,
): Promise<void> {
  await requireProfileRights(scope);
  const client = await lockClient(scope, payload.clientId);
  await findCompany(scope, payload.companyId);
  const linked = await link(scope, client, payload.companyId);
  if (linked)
    scope.emit('client.companiesChanged', { clientId: client.id, linked: payload.companyId }, [
      linked,
    ]);
}

/** Unlinks a company; one not linked succeeds and writes nothing, as linking twice does. */
export async function clientUnlinkCompany(
  scope: CommandScope,
  payload: CommandPayload<'client.unlinkCompany'>,
): Promise<void> {
  await requireProfileRights(scope);
  const client = await lockClient(scope, payload.clientId);
  await findCompany(scope, payload.companyId);
  if (!client.companyIds.includes(payload.companyId)) return;
  const companyIds = client.companyIds.filter((id) => id !== payload.companyId);
  const row = await saveClient(scope, client.id, { companyIds });
  scope.emit('client.companiesChanged', { clientId: client.id, unlinked: payload.companyId }, [
    clientPut(row),
  ]);
}
