import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import {
  command,
  customerOpensChat,
  login,
  otherOrganization,
  sendCommands,
  serverForSuite,
  withoutOptions,
  type Suite,
} from './harness';
import { commandChecks } from './command-checks';

/** What the category commands write: a refusal must leave all of it as it was. */
async function categoriesState(suite: Suite) {
  const { db } = suite.server.database;
  return {
    categories: await db.select().from(t.requestCategories).orderBy(asc(t.requestCategories.id)),
    organizations: await db.select().from(t.organizations).orderBy(asc(t.organizations.id)),
    chats: await db.select().from(t.chats).orderBy(asc(t.chats.id)),
  };
}

const { run, refusal, expectOk } = commandChecks(categoriesState);

const created = (over: Record<string, unknown> = {}) => ({
  categoryId: newId(),
  parentId: null,
  name: `Category ${newId().slice(-12)}`,
  teamIds: [],
  ...over,
});

describe('request category commands', () => {
  const suite = serverForSuite();
  let admin = '';
  let otherCategoryId = '';
  let otherTeamId = '';

  beforeAll(async () => {
    admin = await login(suite.server, 'admin@demo.test');
    const other = await otherOrganization(suite.server.database);
    otherCategoryId = newId();
    otherTeamId = newId();
    await suite.server.database.db
      .insert(t.teams)
      .values({ id: otherTeamId, orgId: other.id, name: 'Elsewhere', description: 'Other' });
    await suite.server.database.db
      .insert(t.requestCategories)
      .values({ id: otherCategoryId, orgId: other.id, parentId: null, name: 'Theirs' });
  });

  const categoryById = async (id: string) => {
    const [row] = await suite.server.database.db
      .select()
      .from(t.requestCategories)
      .where(eq(t.requestCategories.id, id));
    return row;
  };

  /** A category with a topic and a subtopic under it, created through commands. */
  async function threeLevels() {
    const top = created();
    const topic = created({ parentId: top.categoryId, name: 'Topic' });
    const subtopic = created({ parentId: topic.categoryId, name: 'Subtopic' });
    for (const payload of [top, topic, subtopic])
      expectOk(await run(suite, admin, 'requestCategory.create', payload));
    return { top, topic, subtopic };
  }

  it('creates a category, a topic and a subtopic for one team, each synced to the organization', async () => {
    const top = created({ teamIds: [suite.ids.support.id] });
    const sent = command('requestCategory.create', top);
    expectOk((await sendCommands(suite.server, admin, [sent]))[0]!);
    const topic = created({ parentId: top.categoryId, name: 'Refund' });
    const subtopic = created({ parentId: topic.categoryId, name: 'Partial refund' });
    expectOk(await run(suite, admin, 'requestCategory.create', topic));
    expectOk(await run(suite, admin, 'requestCategory.create', subtopic));
    expect(await categoryById(top.categoryId)).toMatchObject({
      orgId: suite.ids.org.id,
      parentId: null,
      name: top.name,
      teamIds: [suite.ids.support.id],
      retired: false,
    });
    expect(await categoryById(subtopic.categoryId)).toMatchObject({
      parentId: topic.categoryId,
      name: 'Partial refund',
    });
    const [event] = await suite.server.database.db
      .select()
      .from(t.events)
      .where(eq(t.events.commandId, sent.id));
    expect(event?.type).toBe('requestCategory.created');
    expect(event?.changes).toEqual([
      {
        table: 'requestCategories',
        op: 'put',
        key: top.categoryId,
        row: {
          id: top.categoryId,
          parentId: null,
          name: top.name,
          teamIds: [suite.ids.support.id],
          retired: false,
        },
        groups: ['org'],
      },
    ]);
  });

  it('refuses a fourth level', async () => {
    const { subtopic } = await threeLevels();
    const error = await refusal(
      suite,
      admin,
      'requestCategory.create',
      created({ parentId: subtopic.categoryId }),
    );
    expect(error.name).toBe('SESSION_CATEGORY_TOO_DEEP');
  });

  it('refuses a name a sibling holds in any case, and allows it under another parent', async () => {
    const { top, topic } = await threeLevels();
    const duplicateTop = created({ name: top.name.toUpperCase() });
    expect((await refusal(suite, admin, 'requestCategory.create', duplicateTop)).name).toBe(
      'SESSION_CATEGORY_EXISTS',
    );
    const duplicateTopic = created({ parentId: top.categoryId, name: 'topic' });
    expect((await refusal(suite, admin, 'requestCategory.create', duplicateTopic)).name).toBe(
      'SESSION_SUBCATEGORY_EXISTS',
    );
    // "Topic" under its own subtopic's parent's sibling is another level's name: allowed.
    expectOk(
      await run(
        suite,
        admin,
        'requestCategory.create',
        created({ parentId: topic.categoryId, name: 'Topic' }),
      ),
    );
    const second = created({ parentId: top.categoryId, name: 'Second topic' });
    expectOk(await run(suite, admin, 'requestCategory.create', second));
    const rename = { categoryId: second.categoryId, name: ' TOPIC ', teamIds: [] };
    expect((await refusal(suite, admin, 'requestCategory.update', rename)).name).toBe(
      'SESSION_SUBCATEGORY_EXISTS',
    );
  });

  it.each([
    ['an empty name', '   ', 'SESSION_CATEGORY_INVALID_NAME'],
    // Every text of every command keeps the text rule first (src/protocol/text.ts).
    ['a control character', 'Bad\u0007name', 'INVALID_CHARACTERS'],
    ['a line break', 'Two\nlines', 'SESSION_CATEGORY_INVALID_NAME'],
    ['a name over 128 characters', 'n'.repeat(129), 'SESSION_CATEGORY_NAME_TOO_LONG'],
  ])('refuses %s by its name, on create and on rename', async (_case, name, expected) => {
    expect((await refusal(suite, admin, 'requestCategory.create', created({ name }))).name).toBe(
      expected,
    );
    const { top } = await threeLevels();
    const rename = { categoryId: top.categoryId, name, teamIds: [] };
    expect((await refusal(suite, admin, 'requestCategory.update', rename)).name).toBe(expected);
  });

  it('keeps a name of 128 characters, trimmed', async () => {
    const payload = created({ name: ` ${'n'.repeat(128)} ` });
    expectOk(await run(suite, admin, 'requestCategory.create', payload));
    expect((await categoryById(payload.categoryId))?.name).toBe('n'.repeat(128));
  });

  it('renames a category and sets its teams, or opens it to every team again', async () => {
    const { topic } = await threeLevels();
    const teams = [suite.ids.sales.id, suite.ids.support.id];
    const update = { categoryId: topic.categoryId, name: 'Renamed', teamIds: teams };
    expectOk(await run(suite, admin, 'requestCategory.update', update));
    expect(await categoryById(topic.categoryId)).toMatchObject({ name: 'Renamed', teamIds: teams });
    expectOk(await run(suite, admin, 'requestCategory.update', { ...update, teamIds: [] }));
    expect((await categoryById(topic.categoryId))?.teamIds).toEqual([]);
  });

  it("refuses a team that is not the organization's", async () => {
    for (const teamId of [newId(), otherTeamId]) {
      const error = await refusal(
        suite,
        admin,
        'requestCategory.create',
        created({ teamIds: [teamId] }),
      );
      expect(error.name).toBe('TEAM_NOT_FOUND');
    }
  });

  it('refuses creating under an id already used', async () => {
    const error = await refusal(
      suite,
      admin,
      'requestCategory.create',
      created({ categoryId: otherCategoryId }),
    );
    expect(error).toMatchObject({ name: 'VALIDATION_FAILED', params: { field: 'categoryId' } });
  });

  it('moves a branch to the top and under another category, keeping three levels', async () => {
    const { top, topic, subtopic } = await threeLevels();
    const other = created();
    expectOk(await run(suite, admin, 'requestCategory.create', other));
    // The topic with its subtopic becomes a category of its own, then a topic of `other`.
    expectOk(
      await run(suite, admin, 'requestCategory.move', {
        categoryId: topic.categoryId,
        parentId: null,
      }),
    );
    expect((await categoryById(topic.categoryId))?.parentId).toBeNull();
    expectOk(
      await run(suite, admin, 'requestCategory.move', {
        categoryId: topic.categoryId,
        parentId: other.categoryId,
      }),
    );
    expect((await categoryById(topic.categoryId))?.parentId).toBe(other.categoryId);
    expect((await categoryById(subtopic.categoryId))?.parentId).toBe(topic.categoryId);
    // A branch of two levels under a topic would make a fourth.
    const deeper = created({ parentId: top.categoryId, name: 'Another topic' });
    expectOk(await run(suite, admin, 'requestCategory.create', deeper));
    const tooDeep = { categoryId: topic.categoryId, parentId: deeper.categoryId };
    expect((await refusal(suite, admin, 'requestCategory.move', tooDeep)).name).toBe(
      'SESSION_CATEGORY_TOO_DEEP',
    );
  });

  it('refuses moving a category under itself or its own child, or beside a namesake', async () => {
    const { top, topic } = await threeLevels();
    for (const parentId of [top.categoryId, topic.categoryId]) {
      const error = await refusal(suite, admin, 'requestCategory.move', {
        categoryId: top.categoryId,
        parentId,
      });
      expect(error).toMatchObject({ name: 'VALIDATION_FAILED', params: { field: 'parentId' } });
    }
    const other = created();
    expectOk(await run(suite, admin, 'requestCategory.create', other));
    expectOk(
      await run(
        suite,
        admin,
        'requestCategory.create',
        created({ parentId: other.categoryId, name: 'TOPIC' }),
      ),
    );
    const clash = { categoryId: topic.categoryId, parentId: other.categoryId };
    expect((await refusal(suite, admin, 'requestCategory.move', clash)).name).toBe(
      'SESSION_SUBCATEGORY_EXISTS',
    );
  });

  it('deletes a branch no chat ever used', async () => {
    const { top, topic, subtopic } = await threeLevels();
    const sent = command('requestCategory.delete', { categoryId: top.categoryId });
    expectOk((await sendCommands(suite.server, admin, [sent]))[0]!);
    for (const { categoryId } of [top, topic, subtopic])
      expect(await categoryById(categoryId)).toBeUndefined();
    const [event] = await suite.server.database.db
      .select()
      .from(t.events)
      .where(eq(t.events.commandId, sent.id));
    expect(event?.changes).toEqual(
      [top, topic, subtopic].map(({ categoryId }): unknown =>
        expect.objectContaining({ table: 'requestCategories', op: 'delete', key: categoryId }),
      ),
    );
  });

  it("answers another organization's category as not found to every command", async () => {
    const id = otherCategoryId;
    const cases: [string, unknown][] = [
      ['requestCategory.create', created({ parentId: id })],
      ['requestCategory.update', { categoryId: id, name: 'Mine', teamIds: [] }],
      ['requestCategory.move', { categoryId: id, parentId: null }],
      ['requestCategory.delete', { categoryId: id }],
    ];
    for (const [type, payload] of cases)
      expect((await refusal(suite, admin, type, payload)).name).toBe('CATEGORY_NOT_FOUND');
    expect((await categoryById(id))?.name).toBe('Theirs');
  });

  it("refuses an operator's token every category command", async () => {
    const { top } = await threeLevels();
    const cases: [string, unknown][] = [
      ['requestCategory.create', created()],
      ['requestCategory.update', { categoryId: top.categoryId, name: 'Mine', teamIds: [] }],
      ['requestCategory.move', { categoryId: top.categoryId, parentId: null }],
      ['requestCategory.delete', { categoryId: top.categoryId }],
      ['organization.setUsesCategories', { usesCategories: true }],
    ];
    for (const [type, payload] of cases)
      expect((await refusal(suite, suite.operator, type, payload)).name).toBe('ACCESS_DENIED');
  });

  it('lets a supervisor manage categories', async () => {
    expectOk(await run(suite, suite.supervisor, 'requestCategory.create', created()));
  });

  describe('without the "chat topics" pack', () => {
    withoutOptions(suite, ['OPTION_CHAT_TOPICS']);

    it('refuses changing categories with OPTION_NOT_AVAILABLE', async () => {
      const create = await refusal(suite, admin, 'requestCategory.create', created());
      expect(create.name).toBe('OPTION_NOT_AVAILABLE');
      const flag = await refusal(suite, admin, 'organization.setUsesCategories', {
        usesCategories: true,
      });
      expect(flag.name).toBe('OPTION_NOT_AVAILABLE');
    });
  });

  describe('categories in use', () => {
    afterEach(async () => {
      await suite.server.database.db
        .update(t.organizations)
        .set({ usesCategories: false })
        .where(eq(t.organizations.id, suite.ids.org.id));
    });

    /** A new chat of the Support queue, taken by the demo operator. */
    async function operatorsNewChat() {
      const chat = await customerOpensChat(suite.server, suite.ids);
      const [taken] = await sendCommands(suite.server, suite.operator, [
        command('chat.take', { chatId: chat.id }),
      ]);
      expectOk(taken!);
      return chat;
    }

    const org = async () => {
      const [row] = await suite.server.database.db
        .select()
        .from(t.organizations)
        .where(eq(t.organizations.id, suite.ids.org.id));
      return row;
    };

    it('turns the rule on: a chat then closes only with a last-level category', async () => {
      const sent = command('organization.setUsesCategories', { usesCategories: true });
      expectOk((await sendCommands(suite.server, admin, [sent]))[0]!);
      expect((await org())?.usesCategories).toBe(true);
      const [event] = await suite.server.database.db
        .select()
        .from(t.events)
        .where(eq(t.events.commandId, sent.id));
      expect(event?.changes).toEqual([
        expect.objectContaining({
          table: 'organizations',
          op: 'put',
          key: suite.ids.org.id,
          row: expect.objectContaining({ usesCategories: true }),
          groups: ['org'],
        }),
      ]);

      const { topic, subtopic } = await threeLevels();
      const chat = await operatorsNewChat();
      const results = await sendCommands(suite.server, suite.operator, [
        command('chat.close', { chatId: chat.id }),
        command('chat.close', { chatId: chat.id, categoryId: topic.categoryId }),
        command('chat.close', { chatId: chat.id, categoryId: subtopic.categoryId }),
      ]);
      expect(results.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual([
        'CLOSE_WITHOUT_CATEGORY',
        'SESSION_CATEGORY_MAX_LEVEL_NOT_SELECTED',
        'ok',
      ]);
      const [closed] = await suite.server.database.db
        .select()
        .from(t.chats)
        .where(eq(t.chats.id, chat.id));
      expect(closed).toMatchObject({ status: 'closed', categoryId: subtopic.categoryId });

      expectOk(
        await run(suite, admin, 'organization.setUsesCategories', { usesCategories: false }),
      );
      expect((await org())?.usesCategories).toBe(false);
    });

    it('retires what chats used, with the path above it, and deletes the rest', async () => {
      const { top, topic, subtopic } = await threeLevels();
      const unused = created({ parentId: topic.categoryId, name: 'Unused' });
      const sibling = created({ parentId: top.categoryId, name: 'Unused topic' });
      expectOk(await run(suite, admin, 'requestCategory.create', unused));
      expectOk(await run(suite, admin, 'requestCategory.create', sibling));
      const chat = await operatorsNewChat();
      expectOk(
        await run(suite, suite.operator, 'chat.close', {
          chatId: chat.id,
          categoryId: subtopic.categoryId,
        }),
      );

      expectOk(await run(suite, admin, 'requestCategory.delete', { categoryId: top.categoryId }));
      for (const { categoryId } of [top, topic, subtopic])
        expect((await categoryById(categoryId))?.retired).toBe(true);
      for (const { categoryId } of [unused, sibling])
        expect(await categoryById(categoryId)).toBeUndefined();
      // The closed chat still names its category.
      expect((await categoryById(subtopic.categoryId))?.name).toBe('Subtopic');

      // A retired category is gone for every command, and no longer holds its name.
      const cases: [string, unknown][] = [
        ['requestCategory.create', created({ parentId: top.categoryId })],
        ['requestCategory.update', { categoryId: topic.categoryId, name: 'Again', teamIds: [] }],
        ['requestCategory.move', { categoryId: topic.categoryId, parentId: null }],
        ['requestCategory.delete', { categoryId: top.categoryId }],
      ];
      for (const [type, payload] of cases)
        expect((await refusal(suite, admin, type, payload)).name).toBe('CATEGORY_NOT_FOUND');
      const next = await operatorsNewChat();
      const close = await refusal(suite, suite.operator, 'chat.close', {
        chatId: next.id,
        categoryId: subtopic.categoryId,
      });
      expect(close.name).toBe('CATEGORY_NOT_FOUND');
      expectOk(await run(suite, admin, 'requestCategory.create', created({ name: top.name })));
    });

    it('makes a topic whose subtopics were all retired a last level again', async () => {
      const { topic, subtopic } = await threeLevels();
      const first = await operatorsNewChat();
      expectOk(
        await run(suite, suite.operator, 'chat.close', {
          chatId: first.id,
          categoryId: subtopic.categoryId,
        }),
      );
      expectOk(
        await run(suite, admin, 'requestCategory.delete', { categoryId: subtopic.categoryId }),
      );
      expect((await categoryById(subtopic.categoryId))?.retired).toBe(true);
      expect((await categoryById(topic.categoryId))?.retired).toBe(false);
      const second = await operatorsNewChat();
      expectOk(
        await run(suite, suite.operator, 'chat.close', {
          chatId: second.id,
          categoryId: topic.categoryId,
        }),
      );
    });
  });
});
