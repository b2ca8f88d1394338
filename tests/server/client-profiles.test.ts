import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LIMITS, newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { command, login, otherOrganization, sendCommands, serverForSuite } from './harness';
import {
  clientById,
  contactsOf,
  e164,
  eventsOf,
  expectOk,
  freshPhone,
  newClient,
  refusal,
  run,
  synced,
} from './client-profile-helpers';

describe('client profile commands', () => {
  const suite = serverForSuite();
  let admin = '';
  const other = { orgId: '', clientId: newId(), statusId: newId(), companyId: newId(), userId: '' };
  const otherCommentId = newId();

  beforeAll(async () => {
    admin = await login(suite.server, 'admin@demo.test');
    const { db } = suite.server.database;
    const org = await otherOrganization(suite.server.database);
    other.orgId = org.id;
    await db.insert(t.clients).values({ id: other.clientId, orgId: org.id, name: 'Elsewhere' });
    await db
      .insert(t.clientStatuses)
      .values({ id: other.statusId, orgId: org.id, name: 'Theirs', colour: 'red' });
    await db.insert(t.companies).values({ id: other.companyId, orgId: org.id, name: 'Their Co' });
    await db
      .insert(t.clientComments)
      .values({ id: otherCommentId, orgId: org.id, clientId: other.clientId, text: 'Theirs' });
    other.userId = newId();
    await db.insert(t.users).values({
      id: other.userId,
      orgId: org.id,
      name: 'Other user',
      email: `u-${other.userId}@other.test`,
      passwordHash: 'x',
      roleId: org.roles.Operator,
    });
  });

  describe('client.create', () => {
    it('creates a client whose phone and e-mail are normalised contacts, mirrored on its row and synced', async () => {
      const typed = freshPhone();
      const clientId = await newClient(suite, suite.operator, {
        name: 'Anna Petrova',
        phone: typed,
        email: '  Anna.Petrova@Example.COM ',
      });
      expect(await clientById(suite, clientId)).toMatchObject({
        orgId: suite.ids.org.id,
        name: 'Anna Petrova',
        phone: e164(typed),
        email: 'anna.petrova@example.com',
        status: 'NEW',
        spam: false,
      });
      const contacts = await contactsOf(suite, clientId);
      expect(contacts.map((c) => [c.kind, c.value]).sort()).toEqual([
        ['email', 'anna.petrova@example.com'],
        ['phone', e164(typed)],
      ]);
      const row = (await synced(suite, suite.supervisor, 'clients')).get(clientId);
      expect(row).toMatchObject({ name: 'Anna Petrova', phone: e164(typed) });
      const syncedContacts = await synced(suite, suite.supervisor, 'clientContacts');
      for (const contact of contacts)
        expect(syncedContacts.get(contact.id)).toMatchObject({ clientId, value: contact.value });
    });

    it('refuses a phone that is no number, an e-mail that is none, and a contact another client holds', async () => {
      const payload = { clientId: newId(), name: 'Bad', phone: null, email: null };
      expect((await refusal(suite, admin, 'client.create', { ...payload, phone: '12' })).name).toBe(
        'INVALID_PHONE',
      );
      expect(
        (await refusal(suite, admin, 'client.create', { ...payload, email: 'not-mail' })).name,
      ).toBe('INVALID_EMAIL_FORMAT');
      const typed = freshPhone();
      await newClient(suite, admin, { phone: typed });
      // The same number written another way is the same contact.
      const sameNumber = `+7 (${typed.slice(2, 5)}) ${typed.slice(6)}`;
      expect(
        (await refusal(suite, admin, 'client.create', { ...payload, phone: sameNumber })).name,
      ).toBe('PROFILE_CONTACT_EXISTS');
    });

    it('refuses an id already used, even by another organization', async () => {
      const error = await refusal(suite, admin, 'client.create', {
        clientId: other.clientId,
        name: 'Dup',
      });
      expect(error).toMatchObject({ name: 'VALIDATION_FAILED', params: { field: 'clientId' } });
    });
  });

  describe('client.update', () => {
    it('sets the name, an inner status, a custom status and the personal manager', async () => {
      const clientId = await newClient(suite, admin);
      expectOk(
        await run(suite, suite.operator, 'client.update', {
          clientId,
          name: 'Renamed',
          status: 'POTENTIAL_CLIENT',
          personalManagerId: suite.ids.operator.id,
        }),
      );
      expect(await clientById(suite, clientId)).toMatchObject({
        name: 'Renamed',
        status: 'POTENTIAL_CLIENT',
        personalManagerId: suite.ids.operator.id,
      });
      const statusId = newId();
      expectOk(
        await run(suite, admin, 'clientStatus.create', {
          statusId,
          name: 'VIP lead',
          colour: 'teal',
        }),
      );
      expectOk(
        await run(suite, admin, 'client.update', {
          clientId,
          status: statusId,
          personalManagerId: null,
        }),
      );
      expect(await clientById(suite, clientId)).toMatchObject({
        name: 'Renamed',
        status: statusId,
        personalManagerId: null,
      });
      expect((await synced(suite, admin, 'clients')).get(clientId)).toMatchObject({
        status: statusId,
        personalManagerId: null,
      });
    });

    it('refuses an unknown status, another organization’s status or user, and another organization’s client', async () => {
      const clientId = await newClient(suite, admin);
      for (const status of ['VIP', newId(), other.statusId])
        expect((await refusal(suite, admin, 'client.update', { clientId, status })).name).toBe(
          'PROFILE_STATUS_NOT_FOUND',
        );
      for (const personalManagerId of [other.userId, newId()])
        expect(
          (await refusal(suite, admin, 'client.update', { clientId, personalManagerId })).name,
        ).toBe('USER_NOT_FOUND');
      expect(
        (await refusal(suite, admin, 'client.update', { clientId: other.clientId, name: 'Mine' }))
          .name,
      ).toBe('CLIENT_NOT_FOUND');
    });

    it('refuses an inactive user as personal manager', async () => {
      const clientId = await newClient(suite, admin);
      const { db } = suite.server.database;
      const [role] = await db.select().from(t.roles).where(eq(t.roles.orgId, suite.ids.org.id));
      const userId = newId();
      await db.insert(t.users).values({
        id: userId,
        orgId: suite.ids.org.id,
        name: 'Gone',
        email: `gone-${userId}@demo.test`,
        passwordHash: 'x',
        roleId: role!.id,
        active: false,
      });
      expect(
        (await refusal(suite, admin, 'client.update', { clientId, personalManagerId: userId }))
          .name,
      ).toBe('USER_NOT_FOUND');
    });
  });

  describe('tags', () => {
    it('adds and removes tags regardless of case, refusing a duplicate and a missing one', async () => {
      const clientId = await newClient(suite, admin);
      expectOk(await run(suite, suite.operator, 'client.addTag', { clientId, tag: 'VIP' }));
      expectOk(await run(suite, suite.operator, 'client.addTag', { clientId, tag: 'wholesale' }));
      expect((await refusal(suite, admin, 'client.addTag', { clientId, tag: 'vip' })).name).toBe(
        'PROFILE_TAG_EXISTS',
      );
      expectOk(await run(suite, admin, 'client.removeTag', { clientId, tag: 'vip' }));
      expect((await clientById(suite, clientId))?.tags).toEqual(['wholesale']);
      expect((await synced(suite, admin, 'clients')).get(clientId)?.tags).toEqual(['wholesale']);
      expect((await refusal(suite, admin, 'client.removeTag', { clientId, tag: 'VIP' })).name).toBe(
        'PROFILE_TAG_NOT_FOUND',
      );
      expect(
        (await refusal(suite, admin, 'client.addTag', { clientId: other.clientId, tag: 'x' })).name,
      ).toBe('CLIENT_NOT_FOUND');
    });

    it(`holds at most ${LIMITS.clientTagsMax} tags`, async () => {
      const clientId = await newClient(suite, admin);
      const tags = Array.from({ length: LIMITS.clientTagsMax }, (_, i) => `tag${i}`);
      await suite.server.database.db
        .update(t.clients)
        .set({ tags })
        .where(eq(t.clients.id, clientId));
      const error = await refusal(suite, admin, 'client.addTag', { clientId, tag: 'one-more' });
      expect(error).toMatchObject({ name: 'VALIDATION_FAILED', params: { field: 'tag' } });
    });
  });

  describe('comments', () => {
    it('adds a comment by its author at the command’s time, synced to the organization', async () => {
      const clientId = await newClient(suite, admin);
      const commentId = newId();
      expectOk(
        await run(suite, suite.operator, 'client.addComment', {
          commentId,
          clientId,
          text: 'Prefers calls after 18:00',
        }),
      );
      const [row] = await suite.server.database.db
        .select()
        .from(t.clientComments)
        .where(eq(t.clientComments.id, commentId));
      expect(row).toMatchObject({
        clientId,
        authorId: suite.ids.operator.id,
        text: 'Prefers calls after 18:00',
      });
      expect(
        (await synced(suite, suite.supervisor, 'clientComments')).get(commentId),
      ).toMatchObject({
        clientId,
        authorId: suite.ids.operator.id,
      });
    });

    it('lets only the author or an all-chats holder delete a comment', async () => {
      const clientId = await newClient(suite, admin);
      const bySupervisor = newId();
      const byOperator = newId();
      expectOk(
        await run(suite, suite.supervisor, 'client.addComment', {
          commentId: bySupervisor,
          clientId,
          text: 'A',
        }),
      );
      expectOk(
        await run(suite, suite.operator, 'client.addComment', {
          commentId: byOperator,
          clientId,
          text: 'B',
        }),
      );
      expect(
        (await refusal(suite, suite.operator, 'client.deleteComment', { commentId: bySupervisor }))
          .name,
      ).toBe('ACCESS_DENIED');
      expectOk(
        await run(suite, suite.supervisor, 'client.deleteComment', { commentId: byOperator }),
      );
      expectOk(
        await run(suite, suite.supervisor, 'client.deleteComment', { commentId: bySupervisor }),
      );
      expect((await synced(suite, admin, 'clientComments')).has(byOperator)).toBe(false);
      for (const commentId of [byOperator, otherCommentId])
        expect((await refusal(suite, admin, 'client.deleteComment', { commentId })).name).toBe(
          'PROFILE_COMMENT_NOT_FOUND',
        );
    });
  });

  describe('additional fields', () => {
    it('adds, updates and removes a field, names compared regardless of case', async () => {
      const clientId = await newClient(suite, admin);
      expectOk(
        await run(suite, admin, 'client.addField', { clientId, name: 'Contract', value: 'A-1' }),
      );
      expect(
        (await refusal(suite, admin, 'client.addField', { clientId, name: 'contract', value: 'x' }))
          .name,
      ).toBe('PROFILE_FIELD_EXISTS');
      expectOk(
        await run(suite, admin, 'client.updateField', { clientId, name: 'CONTRACT', value: 'A-2' }),
      );
      expect((await clientById(suite, clientId))?.fields).toEqual([
        { name: 'CONTRACT', value: 'A-2' },
      ]);
      expect((await synced(suite, admin, 'clients')).get(clientId)?.fields).toEqual([
        { name: 'CONTRACT', value: 'A-2' },
      ]);
      expect(
        (await refusal(suite, admin, 'client.updateField', { clientId, name: 'City', value: 'x' }))
          .name,
      ).toBe('PROFILE_FIELD_NOT_FOUND');
      expectOk(await run(suite, admin, 'client.removeField', { clientId, name: 'contract' }));
      expect((await clientById(suite, clientId))?.fields).toEqual([]);
      expect(
        (await refusal(suite, admin, 'client.removeField', { clientId, name: 'contract' })).name,
      ).toBe('PROFILE_FIELD_NOT_FOUND');
    });

    it(`holds at most ${LIMITS.clientFieldsMax} fields`, async () => {
      const clientId = await newClient(suite, admin);
      const fields = Array.from({ length: LIMITS.clientFieldsMax }, (_, i) => ({
        name: `f${i}`,
        value: '',
      }));
      await suite.server.database.db
        .update(t.clients)
        .set({ fields })
        .where(eq(t.clients.id, clientId));
      const error = await refusal(suite, admin, 'client.addField', {
        clientId,
        name: 'more',
        value: '',
      });
      expect(error).toMatchObject({ name: 'VALIDATION_FAILED', params: { field: 'name' } });
    });
  });

  describe('contacts', () => {
    it('adds a normalised phone and e-mail; the row mirrors the oldest of each kind as they come and go', async () => {
      const first = freshPhone();
      const second = freshPhone();
      const clientId = await newClient(suite, admin, { phone: first });
      const secondId = newId();
      expectOk(
        await run(suite, suite.operator, 'client.addContact', {
          contactId: secondId,
          clientId,
          kind: 'phone',
          value: second,
        }),
      );
      const emailId = newId();
      expectOk(
        await run(suite, suite.operator, 'client.addContact', {
          contactId: emailId,
          clientId,
          kind: 'email',
          value: 'Ivan@Mail.Example',
        }),
      );
      expect(await clientById(suite, clientId)).toMatchObject({
        phone: e164(first),
        email: 'ivan@mail.example',
      });
      expect((await synced(suite, admin, 'clientContacts')).get(secondId)).toMatchObject({
        clientId,
        kind: 'phone',
        value: e164(second),
        channelId: null,
      });
      const firstId = (await contactsOf(suite, clientId)).find((c) => c.value === e164(first))!.id;
      expectOk(await run(suite, admin, 'client.removeContact', { contactId: firstId }));
      expect((await clientById(suite, clientId))?.phone).toBe(e164(second));
      expectOk(await run(suite, admin, 'client.removeContact', { contactId: emailId }));
      expect((await clientById(suite, clientId))?.email).toBeNull();
      const row = (await synced(suite, admin, 'clients')).get(clientId);
      expect(row).toMatchObject({ phone: e164(second), email: null });
      expect((await synced(suite, admin, 'clientContacts')).has(emailId)).toBe(false);
    });

    it('refuses a contact any client of the organization holds, a bad value, and a missing contact', async () => {
      const typed = freshPhone();
      await newClient(suite, admin, { phone: typed });
      const clientId = await newClient(suite, admin);
      const add = { contactId: newId(), clientId, kind: 'phone', value: e164(typed) };
      expect((await refusal(suite, admin, 'client.addContact', add)).name).toBe(
        'PROFILE_CONTACT_EXISTS',
      );
      expect(
        (await refusal(suite, admin, 'client.addContact', { ...add, value: 'call me' })).name,
      ).toBe('INVALID_PHONE');
      expect(
        (await refusal(suite, admin, 'client.addContact', { ...add, kind: 'email', value: 'a@' }))
          .name,
      ).toBe('INVALID_EMAIL_FORMAT');
      expect(
        (await refusal(suite, admin, 'client.removeContact', { contactId: newId() })).name,
      ).toBe('PROFILE_CONTACT_NOT_FOUND');
    });

    it('refuses removing a channel identity by hand', async () => {
      const [identity] = await suite.server.database.db
        .select()
        .from(t.clientContacts)
        .where(
          and(eq(t.clientContacts.orgId, suite.ids.org.id), eq(t.clientContacts.kind, 'channel')),
        );
      const error = await refusal(suite, admin, 'client.removeContact', {
        contactId: identity!.id,
      });
      expect(error).toMatchObject({ name: 'VALIDATION_FAILED', params: { field: 'contactId' } });
    });

    it(`holds at most ${LIMITS.clientContactsMax} contacts`, async () => {
      const clientId = await newClient(suite, admin);
      await suite.server.database.db.insert(t.clientContacts).values(
        Array.from({ length: LIMITS.clientContactsMax }, (_, i) => ({
          id: newId(),
          orgId: suite.ids.org.id,
          clientId,
          kind: 'email' as const,
          value: `c${i}-${clientId}@limit.test`,
        })),
      );
      const error = await refusal(suite, admin, 'client.addContact', {
        contactId: newId(),
        clientId,
        kind: 'email',
        value: `more-${clientId}@limit.test`,
      });
      expect(error).toMatchObject({ name: 'VALIDATION_FAILED', params: { field: 'value' } });
    });
  });

  describe('companies', () => {
    it('creates a company, linked to a client at once when one is named, and refuses a CRM id in use', async () => {
      const clientId = await newClient(suite, admin);
      const companyId = newId();
      const outerId = `crm-${companyId}`;
      expectOk(
        await run(suite, suite.operator, 'company.create', {
          companyId,
          name: 'Acme',
          outerId,
          clientId,
        }),
      );
      expect((await synced(suite, admin, 'companies')).get(companyId)).toMatchObject({
        name: 'Acme',
        outerId,
      });
      expect((await clientById(suite, clientId))?.companyIds).toEqual([companyId]);
      expect(
        (
          await refusal(suite, admin, 'company.create', {
            companyId: newId(),
            name: 'Acme 2',
            outerId,
          })
        ).name,
      ).toBe('OUTER_COMPANY_EXISTS');
      // Without a CRM id any number of companies may exist.
      expectOk(await run(suite, admin, 'company.create', { companyId: newId(), name: 'Plain' }));
      expectOk(await run(suite, admin, 'company.create', { companyId: newId(), name: 'Plain' }));
    });

    it('links and unlinks a company; linking twice succeeds and writes nothing', async () => {
      const clientId = await newClient(suite, admin);
      const companyId = newId();
      expectOk(await run(suite, admin, 'company.create', { companyId, name: 'Beta' }));
      expectOk(await run(suite, admin, 'client.linkCompany', { clientId, companyId }));
      const again = command('client.linkCompany', { clientId, companyId });
      const [result] = await sendCommands(suite.server, admin, [again]);
      expectOk(result!);
      expect(await eventsOf(suite, again.id)).toEqual([]);
      expect((await clientById(suite, clientId))?.companyIds).toEqual([companyId]);
      expectOk(await run(suite, admin, 'client.unlinkCompany', { clientId, companyId }));
      expect((await synced(suite, admin, 'clients')).get(clientId)?.companyIds).toEqual([]);
      for (const missing of [other.companyId, newId()])
        expect(
          (await refusal(suite, admin, 'client.linkCompany', { clientId, companyId: missing }))
            .name,
        ).toBe('COMPANY_NOT_FOUND');
    });
  });

  describe('client statuses', () => {
    it('creates, renames and deletes a custom status; one a client has cannot be deleted', async () => {
      const statusId = newId();
      expectOk(
        await run(suite, suite.supervisor, 'clientStatus.create', {
          statusId,
          name: 'Partner',
          colour: 'blue',
        }),
      );
      expectOk(
        await run(suite, suite.supervisor, 'clientStatus.update', {
          statusId,
          name: 'Key partner',
          colour: 'green',
        }),
      );
      expect((await synced(suite, admin, 'clientStatuses')).get(statusId)).toMatchObject({
        name: 'Key partner',
        colour: 'green',
      });
      const clientId = await newClient(suite, admin);
      expectOk(await run(suite, admin, 'client.update', { clientId, status: statusId }));
      expect((await refusal(suite, admin, 'clientStatus.delete', { statusId })).name).toBe(
        'ACTIVE_STATUS_CANNOT_BE_DELETED',
      );
      expectOk(await run(suite, admin, 'client.update', { clientId, status: 'COMPLETED' }));
      expectOk(await run(suite, admin, 'clientStatus.delete', { statusId }));
      expect((await synced(suite, admin, 'clientStatuses')).has(statusId)).toBe(false);
    });

    it('refuses an unknown colour, a name in use in any case, and another organization’s status', async () => {
      const statusId = newId();
      expectOk(
        await run(suite, admin, 'clientStatus.create', {
          statusId,
          name: 'Reseller',
          colour: 'amber',
        }),
      );
      const fresh = { statusId: newId(), name: 'Fresh', colour: 'red' };
      expect(
        (await refusal(suite, admin, 'clientStatus.create', { ...fresh, colour: '#ff0000' })).name,
      ).toBe('COLOR_NOT_FOUND');
      expect(
        (await refusal(suite, admin, 'clientStatus.create', { ...fresh, name: 'RESELLER' })).name,
      ).toBe('PROFILE_STATUS_EXISTS');
      expect(
        (await refusal(suite, admin, 'clientStatus.update', { ...fresh, statusId: other.statusId }))
          .name,
      ).toBe('PROFILE_STATUS_NOT_FOUND');
      expect(
        (await refusal(suite, admin, 'clientStatus.delete', { statusId: other.statusId })).name,
      ).toBe('PROFILE_STATUS_NOT_FOUND');
    });

    it('refuses an operator without AUTHORITY_PROFILE_STATUS', async () => {
      const error = await refusal(suite, suite.operator, 'clientStatus.create', {
        statusId: newId(),
        name: 'Mine',
        colour: 'red',
      });
      expect(error.name).toBe('ACCESS_DENIED');
    });
  });

  describe('blacklist', () => {
    it('adds a normalised phone and a channel identity, refuses duplicates, and removes an entry', async () => {
      const typed = freshPhone();
      const entryId = newId();
      expectOk(
        await run(suite, suite.operator, 'blacklist.add', { entryId, kind: 'phone', value: typed }),
      );
      expect((await synced(suite, admin, 'blacklist')).get(entryId)).toMatchObject({
        kind: 'phone',
        value: e164(typed),
        channelId: null,
        addedBy: suite.ids.operator.id,
      });
      expect(
        (
          await refusal(suite, admin, 'blacklist.add', {
            entryId: newId(),
            kind: 'phone',
            value: e164(typed),
          })
        ).name,
      ).toBe('BLACKLIST_ENTRY_EXISTS');
      const identity = {
        kind: 'channel',
        value: `spammer-${entryId}`,
        channelId: suite.ids.channel.id,
      };
      expectOk(await run(suite, admin, 'blacklist.add', { entryId: newId(), ...identity }));
      expect(
        (await refusal(suite, admin, 'blacklist.add', { entryId: newId(), ...identity })).name,
      ).toBe('BLACKLIST_ENTRY_EXISTS');
      expectOk(await run(suite, admin, 'blacklist.remove', { entryId }));
      expect((await synced(suite, admin, 'blacklist')).has(entryId)).toBe(false);
      expect((await refusal(suite, admin, 'blacklist.remove', { entryId })).name).toBe(
        'BLACKLIST_ENTRY_NOT_FOUND',
      );
    });

    it('needs a channel of the organization for an identity and none for a phone or e-mail', async () => {
      const entry = { entryId: newId(), kind: 'channel', value: 'someone' };
      expect((await refusal(suite, admin, 'blacklist.add', entry)).params).toEqual({
        field: 'channelId',
      });
      const [theirs] = await suite.server.database.db
        .insert(t.channels)
        .values({ id: newId(), orgId: other.orgId, name: 'Theirs', type: 'site' })
        .returning();
      expect(
        (await refusal(suite, admin, 'blacklist.add', { ...entry, channelId: theirs!.id })).name,
      ).toBe('CHANNEL_NOT_FOUND');
      const error = await refusal(suite, admin, 'blacklist.add', {
        entryId: newId(),
        kind: 'email',
        value: 'spam@example.com',
        channelId: suite.ids.channel.id,
      });
      expect(error).toMatchObject({ name: 'VALIDATION_FAILED', params: { field: 'channelId' } });
      expect(
        (
          await refusal(suite, admin, 'blacklist.add', {
            entryId: newId(),
            kind: 'email',
            value: 'nope',
          })
        ).name,
      ).toBe('INVALID_EMAIL_FORMAT');
    });
  });

  describe('spam', () => {
    it('closes the client’s open chats by the system, without a rating link; lifting it changes only the flag', async () => {
      const { db } = suite.server.database;
      const [chat] = await db
        .select()
        .from(t.chats)
        .where(and(eq(t.chats.orgId, suite.ids.org.id), eq(t.chats.status, 'assigned')));
      const clientId = chat!.clientId;
      const sent = command('client.setSpam', { clientId, spam: true });
      const [result] = await sendCommands(suite.server, suite.operator, [sent]);
      expectOk(result!);
      expect((await clientById(suite, clientId))?.spam).toBe(true);
      const open = await db
        .select()
        .from(t.chats)
        .where(and(eq(t.chats.clientId, clientId), eq(t.chats.status, 'assigned')));
      expect(open).toEqual([]);
      const [closed] = await db.select().from(t.chats).where(eq(t.chats.id, chat!.id));
      expect(closed).toMatchObject({ status: 'closed', closeReason: 'spam' });
      const history = await db
        .select()
        .from(t.chatHistory)
        .where(and(eq(t.chatHistory.chatId, chat!.id), eq(t.chatHistory.kind, 'closed')));
      expect(history.map((h) => h.data)).toContainEqual(
        expect.objectContaining({ reason: 'spam' }),
      );
      expect(
        await db.select().from(t.ratingLinks).where(eq(t.ratingLinks.chatId, chat!.id)),
      ).toEqual([]);
      expect((await eventsOf(suite, sent.id)).map((e) => e.type)).toContain('chat.closed');
      expect((await synced(suite, admin, 'clients')).get(clientId)?.spam).toBe(true);

      const lift = command('client.setSpam', { clientId, spam: false });
      expectOk((await sendCommands(suite.server, admin, [lift]))[0]!);
      expect((await eventsOf(suite, lift.id)).map((e) => e.type)).toEqual(['client.spamSet']);
      expect((await clientById(suite, clientId))?.spam).toBe(false);
      const [still] = await db.select().from(t.chats).where(eq(t.chats.id, chat!.id));
      expect(still?.status).toBe('closed');
    });
  });
});

describe('rights and options of the clients area', () => {
  const suite = serverForSuite();
  let admin = '';

  beforeAll(async () => {
    admin = await login(suite.server, 'admin@demo.test');
  });

  const setOptions = async (drop: string[]) => {
    const { db } = suite.server.database;
    const { OPTIONS } = await import('../../src/protocol');
    await db
      .update(t.organizations)
      .set({ options: OPTIONS.filter((o) => !drop.includes(o)) })
      .where(eq(t.organizations.id, suite.ids.org.id));
  };

  it('refuses a staff member whose role lacks AUTHORITY_PROFILE_UPDATE', async () => {
    const roleId = newId();
    expectOk(
      await run(suite, admin, 'role.create', {
        roleId,
        name: 'Chats only',
        description: 'Answers chats, edits no profile',
        rights: ['AUTHORITY_CHAT_DISTRIBUTION'],
      }),
    );
    const { db } = suite.server.database;
    const clientId = await newClient(suite, admin);
    const [before] = await db.select().from(t.users).where(eq(t.users.id, suite.ids.operator.id));
    await db.update(t.users).set({ roleId }).where(eq(t.users.id, suite.ids.operator.id));
    try {
      const token = await login(suite.server, 'operator@demo.test');
      for (const [type, payload] of [
        ['client.create', { clientId: newId(), name: 'X' }],
        ['client.addTag', { clientId, tag: 'x' }],
        ['company.create', { companyId: newId(), name: 'X' }],
        ['blacklist.add', { entryId: newId(), kind: 'email', value: 'x@example.com' }],
        ['client.merge', { survivorId: clientId, mergedId: newId() }],
      ] as const)
        expect((await refusal(suite, token, type, payload)).name).toBe('ACCESS_DENIED');
    } finally {
      await db
        .update(t.users)
        .set({ roleId: before!.roleId })
        .where(eq(t.users.id, suite.ids.operator.id));
    }
  });

  it('refuses every profile command in an organization without the client profile option', async () => {
    const clientId = await newClient(suite, admin);
    await setOptions(['OPTION_CLIENT_PROFILE']);
    try {
      for (const [type, payload] of [
        ['client.create', { clientId: newId(), name: 'X' }],
        ['client.update', { clientId, name: 'Y' }],
        ['client.setSpam', { clientId, spam: true }],
        ['company.create', { companyId: newId(), name: 'X' }],
        ['blacklist.add', { entryId: newId(), kind: 'email', value: 'x@example.com' }],
      ] as const)
        expect((await refusal(suite, admin, type, payload)).name).toBe('OPTION_NOT_AVAILABLE');
    } finally {
      await setOptions([]);
    }
  });

  it('without client statuses refuses the status commands and custom statuses, not inner ones', async () => {
    const clientId = await newClient(suite, admin);
    const statusId = newId();
    expectOk(
      await run(suite, admin, 'clientStatus.create', { statusId, name: 'Gold', colour: 'amber' }),
    );
    await setOptions(['OPTION_CLIENT_STATUSES']);
    try {
      expect(
        (
          await refusal(suite, admin, 'clientStatus.create', {
            statusId: newId(),
            name: 'Silver',
            colour: 'cyan',
          })
        ).name,
      ).toBe('OPTION_NOT_AVAILABLE');
      expect((await refusal(suite, admin, 'clientStatus.delete', { statusId })).name).toBe(
        'OPTION_NOT_AVAILABLE',
      );
      expect(
        (await refusal(suite, admin, 'client.update', { clientId, status: statusId })).name,
      ).toBe('OPTION_NOT_AVAILABLE');
      expectOk(await run(suite, admin, 'client.update', { clientId, status: 'CONTACT_LATER' }));
    } finally {
      await setOptions([]);
    }
  });
});
