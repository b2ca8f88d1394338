import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../protocol';
import type { InboxDb } from './db';
import { enqueue, recordResults } from './outbox';
import { PREDICTED_TABLES, affectedKeys } from './predict';
import { clientKeys, predictClientRow } from './predict-clients';
import { CLIENT_ID, ME, bootstrappedDb, clientRow } from './test-fixtures';

const AT = '2026-11-25T10:00:00.000Z';
const COMPANY_ID = '00000000-0000-7000-8000-0000000000f2';
const OTHER_COMPANY = '00000000-0000-7000-8000-0000000000f3';
const CONTACT_ID = '00000000-0000-7000-8000-0000000000f4';
const COMMENT_ID = '00000000-0000-7000-8000-0000000000f5';
const STATUS_ID = '00000000-0000-7000-8000-0000000000f6';
const ENTRY_ID = '00000000-0000-7000-8000-0000000000f7';
const MANAGER_ID = '00000000-0000-7000-8000-0000000000f8';

const command = (type: string, payload: Record<string, unknown>) => ({
  type,
  payload,
  createdAt: AT,
});

const client: Client = {
  ...clientRow(CLIENT_ID, 'Anna'),
  tags: ['VIP'],
  fields: [{ name: 'City', value: 'Omsk' }],
  companyIds: [OTHER_COMPANY],
};

const onClient = (type: string, payload: Record<string, unknown>) =>
  predictClientRow(command(type, { clientId: CLIENT_ID, ...payload }), 'clients', client, ME) as
    Client | undefined;

describe('client profile predictions', () => {
  it.each([
    [
      'a new tag shows after the others',
      'client.addTag',
      { tag: ' new lead ' },
      { tags: ['VIP', 'new lead'] },
    ],
    [
      'a tag differing only in case is one tag: nothing changes',
      'client.addTag',
      { tag: 'vip' },
      { tags: ['VIP'] },
    ],
    ['a removed tag goes, whatever its case', 'client.removeTag', { tag: 'vip' }, { tags: [] }],
    [
      'a new field shows with its value',
      'client.addField',
      { name: 'Plan', value: ' Gold ' },
      {
        fields: [
          { name: 'City', value: 'Omsk' },
          { name: 'Plan', value: 'Gold' },
        ],
      },
    ],
    [
      'a field the profile has is refused by the server: not added twice',
      'client.addField',
      { name: 'city', value: 'Tver' },
      { fields: [{ name: 'City', value: 'Omsk' }] },
    ],
    [
      'an edited field shows its new value',
      'client.updateField',
      { name: 'city', value: 'Tver' },
      { fields: [{ name: 'city', value: 'Tver' }] },
    ],
    ['a removed field goes', 'client.removeField', { name: 'City' }, { fields: [] }],
    [
      'a linked company joins the profile',
      'client.linkCompany',
      { companyId: COMPANY_ID },
      { companyIds: [OTHER_COMPANY, COMPANY_ID] },
    ],
    [
      'an unlinked company leaves it',
      'client.unlinkCompany',
      { companyId: OTHER_COMPANY },
      { companyIds: [] },
    ],
    [
      'a company created from the profile is linked at once',
      'company.create',
      { companyId: COMPANY_ID, name: 'Acme' },
      { companyIds: [OTHER_COMPANY, COMPANY_ID] },
    ],
    [
      'the status and the manager change',
      'client.update',
      { status: STATUS_ID, personalManagerId: MANAGER_ID },
      { status: STATUS_ID, personalManagerId: MANAGER_ID, name: 'Anna' },
    ],
    [
      'the manager removed, the name changed',
      'client.update',
      { name: ' Anna K ', personalManagerId: null },
      { name: 'Anna K', personalManagerId: null, status: 'NEW' },
    ],
    ['the spam flag is set', 'client.setSpam', { spam: true }, { spam: true }],
    [
      'the first phone becomes the row’s phone, as typed until the server’s E.164',
      'client.addContact',
      { contactId: CONTACT_ID, kind: 'phone', value: ' 8 912 123-45-67 ' },
      { phone: '8 912 123-45-67' },
    ],
  ])('%s', (_case, type, payload, expected) => {
    expect(onClient(type, payload)).toMatchObject(expected);
  });

  it('an edit of a profile this browser does not hold predicts nothing', () => {
    const predicted = predictClientRow(
      command('client.addTag', { clientId: CLIENT_ID, tag: 'x' }),
      'clients',
      undefined,
      ME,
    );
    expect(predicted).toBeUndefined();
  });

  it('a second phone leaves the row’s first one in place', () => {
    const withPhone = { ...client, phone: '+79121234567' };
    const predicted = predictClientRow(
      command('client.addContact', {
        clientId: CLIENT_ID,
        contactId: CONTACT_ID,
        kind: 'phone',
        value: '+375291234567',
      }),
      'clients',
      withPhone,
      ME,
    );
    expect(predicted).toEqual(withPhone);
  });

  it('a new client is NEW, with nothing on it but its name and contacts', () => {
    const predicted = predictClientRow(
      command('client.create', {
        clientId: CLIENT_ID,
        name: ' Boris ',
        phone: null,
        email: 'Boris@Mail.TEST',
      }),
      'clients',
      undefined,
      ME,
    );
    expect(predicted).toEqual({
      id: CLIENT_ID,
      name: 'Boris',
      phone: null,
      email: 'boris@mail.test',
      status: 'NEW',
      tags: [],
      fields: [],
      companyIds: [],
      personalManagerId: null,
      spam: false,
      createdAt: AT,
      updatedAt: AT,
    });
  });

  it('an added e-mail shows normalised, a removed contact goes', () => {
    const add = command('client.addContact', {
      clientId: CLIENT_ID,
      contactId: CONTACT_ID,
      kind: 'email',
      value: ' Anna@Mail.TEST ',
    });
    const contact = predictClientRow(add, 'clientContacts', undefined, ME);
    expect(contact).toEqual({
      id: CONTACT_ID,
      clientId: CLIENT_ID,
      kind: 'email',
      value: 'anna@mail.test',
      channelId: null,
      createdAt: AT,
    });
    expect(
      predictClientRow(
        command('client.removeContact', { contactId: CONTACT_ID }),
        'clientContacts',
        contact,
        ME,
      ),
    ).toBeUndefined();
  });

  it('a comment shows with its author and time; a deleted one goes', () => {
    const add = command('client.addComment', {
      clientId: CLIENT_ID,
      commentId: COMMENT_ID,
      text: ' Called back ',
    });
    const comment = predictClientRow(add, 'clientComments', undefined, ME);
    expect(comment).toEqual({
      id: COMMENT_ID,
      clientId: CLIENT_ID,
      authorId: ME,
      text: 'Called back',
      createdAt: AT,
    });
    expect(
      predictClientRow(
        command('client.deleteComment', { commentId: COMMENT_ID }),
        'clientComments',
        comment,
        ME,
      ),
    ).toBeUndefined();
  });

  it('a created company shows with its CRM id, or none', () => {
    const make = (outerId: unknown) =>
      predictClientRow(
        command('company.create', { companyId: COMPANY_ID, name: ' Acme ', outerId }),
        'companies',
        undefined,
        ME,
      );
    expect(make(' crm-7 ')).toMatchObject({ id: COMPANY_ID, name: 'Acme', outerId: 'crm-7' });
    expect(make(null)).toMatchObject({ outerId: null });
  });

  it('a custom status shows with a palette colour; a colour outside the palette shows nothing', () => {
    const save = (type: string, colour: string, row?: unknown) =>
      predictClientRow(
        command(type, { statusId: STATUS_ID, name: 'Hot', colour }),
        'clientStatuses',
        row as never,
        ME,
      );
    const created = save('clientStatus.create', 'red');
    expect(created).toMatchObject({ id: STATUS_ID, name: 'Hot', colour: 'red' });
    expect(save('clientStatus.create', 'chartreuse')).toBeUndefined();
    expect(save('clientStatus.update', 'teal', created)).toMatchObject({ colour: 'teal' });
    expect(save('clientStatus.delete', 'red', created)).toBeUndefined();
  });

  it('a blacklist entry shows with who added it; a removed one goes', () => {
    const entry = predictClientRow(
      command('blacklist.add', {
        entryId: ENTRY_ID,
        kind: 'email',
        value: 'Spam@Bad.TEST',
        channelId: null,
      }),
      'blacklist',
      undefined,
      ME,
    );
    expect(entry).toEqual({
      id: ENTRY_ID,
      kind: 'email',
      value: 'spam@bad.test',
      channelId: null,
      addedBy: ME,
      addedAt: AT,
    });
    expect(
      predictClientRow(command('blacklist.remove', { entryId: ENTRY_ID }), 'blacklist', entry, ME),
    ).toBeUndefined();
  });

  it('every table a clients command touches is one a sync write covers', () => {
    const payload = {
      clientId: 'c',
      contactId: 'k',
      commentId: 'm',
      companyId: 'co',
      statusId: 's',
      entryId: 'e',
    };
    const types = [
      'client.create',
      'client.addContact',
      'client.removeContact',
      'client.addComment',
      'company.create',
      'clientStatus.create',
      'blacklist.add',
      'client.merge',
    ];
    for (const type of types)
      for (const key of affectedKeys({ id: 'x', type, payload, createdAt: AT }, { userId: ME }))
        expect(PREDICTED_TABLES).toContain(key.table);
    expect(clientKeys({ type: 'client.merge', payload })).toEqual([]);
  });
});

describe('a profile edit in the local store', () => {
  let db: InboxDb;
  beforeEach(async () => {
    db = await bootstrappedDb([]);
    await db.clients.put(client);
  });
  afterEach(async () => {
    await db.delete();
  });

  it('a tag shows at once; refused as PROFILE_TAG_EXISTS the profile returns to the server’s row', async () => {
    const ctx = { userId: ME };
    const sent = await enqueue(
      db,
      { type: 'client.addTag', payload: { clientId: CLIENT_ID, tag: 'Lead' } },
      ctx,
    );
    expect((await db.clients.get(CLIENT_ID))?.tags).toEqual(['VIP', 'Lead']);
    await recordResults(
      db,
      [{ id: sent.id, ok: false, error: { name: 'PROFILE_TAG_EXISTS' } }],
      ctx,
    );
    expect(await db.clients.get(CLIENT_ID)).toEqual(client);
  });

  it('a comment and a contact written offline show at once', async () => {
    const ctx = { userId: ME };
    await enqueue(
      db,
      {
        type: 'client.addComment',
        payload: { clientId: CLIENT_ID, commentId: COMMENT_ID, text: 'Hi' },
      },
      ctx,
    );
    await enqueue(
      db,
      {
        type: 'client.addContact',
        payload: { clientId: CLIENT_ID, contactId: CONTACT_ID, kind: 'email', value: 'a@b.test' },
      },
      ctx,
    );
    expect(await db.clientComments.where('clientId').equals(CLIENT_ID).toArray()).toMatchObject([
      { text: 'Hi', authorId: ME },
    ]);
    expect(await db.clientContacts.get(CONTACT_ID)).toMatchObject({ value: 'a@b.test' });
    expect((await db.clients.get(CLIENT_ID))?.email).toBe('a@b.test');
  });
});
