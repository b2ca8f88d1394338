import { describe, expect, it } from 'vitest';
import { newId, type Client, type ClientContact } from '../../protocol';
import {
  conflictId,
  mergeConflicts,
  mergePayload,
  mergePreview,
  searchClients,
} from './merge-rules';

const at = '2026-01-01T00:00:00.000Z';
const client = (changes: Partial<Client>): Client => ({
  id: newId(),
  name: 'Ann Lee',
  phone: null,
  email: null,
  status: 'NEW',
  tags: [],
  fields: [],
  companyIds: [],
  personalManagerId: null,
  spam: false,
  createdAt: at,
  updatedAt: at,
  ...changes,
});
const contact = (clientId: string, changes: Partial<ClientContact>): ClientContact => ({
  id: newId(),
  clientId,
  kind: 'phone',
  value: '+79121234567',
  channelId: null,
  createdAt: at,
  ...changes,
});

const manager = newId();
const channel = newId();
const companyA = newId();
const companyB = newId();
const survivor = client({
  name: 'Ann Lee',
  status: 'POTENTIAL_CLIENT',
  tags: ['VIP', 'wholesale'],
  companyIds: [companyA],
  fields: [
    { name: 'Size', value: 'M' },
    { name: 'City', value: 'Omsk' },
  ],
});
const merged = client({
  name: 'Ann',
  status: 'POTENTIAL_CLIENT',
  personalManagerId: manager,
  tags: ['vip', 'returns'],
  companyIds: [companyA, companyB],
  fields: [
    { name: 'Size', value: 'L' },
    { name: 'City', value: 'Omsk' },
    { name: 'Shoe', value: '38' },
  ],
});

describe('which fields a merge asks about', () => {
  it('asks about the name, the manager and a field both hold with different values', () => {
    const conflicts = mergeConflicts(survivor, merged);
    expect(conflicts.map(conflictId)).toEqual(['name', 'personalManagerId', 'field:Size']);
  });

  it('takes field names regardless of case, as the server does', () => {
    const other = { ...merged, fields: [{ name: 'size', value: 'XL' }] };
    expect(mergeConflicts(survivor, other).map(conflictId)).toContain('field:Size');
  });

  it('asks nothing of two profiles that agree', () => {
    expect(mergeConflicts(survivor, { ...survivor, fields: [] })).toEqual([]);
  });
});

describe('the merge sent', () => {
  const conflicts = mergeConflicts(survivor, merged);

  it('keeps the survivor by default, but takes a manager the survivor lacks', () => {
    expect(mergePayload(survivor.id, merged.id, conflicts, {})).toEqual({
      survivorId: survivor.id,
      mergedId: merged.id,
      choices: {
        name: 'survivor',
        status: 'survivor',
        personalManagerId: 'merged',
        fields: [{ name: 'Size', side: 'survivor' }],
      },
    });
  });

  it('sends each side the user chose', () => {
    const payload = mergePayload(survivor.id, merged.id, conflicts, {
      name: 'merged',
      personalManagerId: 'survivor',
      'field:Size': 'merged',
    });
    expect(payload.choices).toEqual({
      name: 'merged',
      status: 'survivor',
      personalManagerId: 'survivor',
      fields: [{ name: 'Size', side: 'merged' }],
    });
  });
});

describe('the preview of the merged profile', () => {
  const contacts = {
    survivor: [contact(survivor.id, {})],
    merged: [
      contact(merged.id, {}),
      contact(merged.id, { kind: 'channel', value: 'visitor-1', channelId: channel }),
    ],
  };

  it('shows the chosen values and unites tags, companies, fields and contacts', () => {
    const preview = mergePreview(survivor, merged, contacts.survivor, contacts.merged, {
      'field:Size': 'merged',
    });
    expect(preview).toEqual({
      name: 'Ann Lee',
      status: 'POTENTIAL_CLIENT',
      personalManagerId: manager,
      tags: ['VIP', 'wholesale', 'returns'],
      companyIds: [companyA, companyB],
      fields: [
        { name: 'Size', value: 'L' },
        { name: 'City', value: 'Omsk' },
        { name: 'Shoe', value: '38' },
      ],
      spam: false,
      contacts: [
        { kind: 'phone', value: '+79121234567', channelId: null },
        { kind: 'channel', value: 'visitor-1', channelId: channel },
      ],
    });
  });

  it('takes the other profile’s name when chosen', () => {
    const preview = mergePreview(survivor, merged, [], [], { name: 'merged' });
    expect(preview.name).toBe('Ann');
  });
});

describe('finding the profiles to merge', () => {
  const ann = client({ name: 'Ann Lee', phone: '+79121234567' });
  const bob = client({ name: 'Bob', email: 'bob@example.com' });
  const annie = client({ name: 'annie', email: null });
  const all = [ann, bob, annie];

  it('finds by part of the name or e-mail regardless of case', () => {
    expect(searchClients(all, 'ANN', undefined).map((c) => c.id)).toEqual([ann.id, annie.id]);
    expect(searchClients(all, 'example.COM', undefined).map((c) => c.id)).toEqual([bob.id]);
  });

  it('finds by digits of the phone however they are written', () => {
    expect(searchClients(all, '912 123-45', undefined).map((c) => c.id)).toEqual([ann.id]);
    expect(searchClients(all, '+7 (912) 123', undefined).map((c) => c.id)).toEqual([ann.id]);
    // Digits inside a name are part of the name, not a phone.
    expect(searchClients(all, 'Visitor 9121', undefined)).toEqual([]);
  });

  it('leaves out the profile chosen on the other side, and finds nothing for nothing', () => {
    expect(searchClients(all, 'ann', ann.id).map((c) => c.id)).toEqual([annie.id]);
    expect(searchClients(all, '  ', undefined)).toEqual([]);
  });
});
