import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import {
  command,
  login,
  otherOrganization,
  sendCommands,
  serverForSuite,
  withoutOptions,
  type Suite,
} from './harness';
import { commandChecks } from './command-checks';

/** What the template commands write: a refusal must leave all of it as it was. */
async function templatesState(suite: Suite) {
  const { db } = suite.server.database;
  return {
    categories: await db.select().from(t.templateCategories).orderBy(asc(t.templateCategories.id)),
    templates: await db.select().from(t.templates).orderBy(asc(t.templates.id)),
  };
}

const { run, refusal, expectOk } = commandChecks(templatesState);

const categoryPayload = (over: Record<string, unknown> = {}) => ({
  templateCategoryId: newId(),
  name: `Group ${newId().slice(-12)}`,
  teamIds: [],
  ...over,
});

describe('template commands', () => {
  const suite = serverForSuite();
  let admin = '';
  /** A team lead: the right over templates, but not over every team; a member of Sales only. */
  let lead = '';
  let categoryId = '';
  let otherCategoryId = '';
  let otherTemplateId = '';

  const templatePayload = (over: Record<string, unknown> = {}) => ({
    templateId: newId(),
    title: 'Greeting',
    text: 'Hello, {client.name}! How can I help?',
    categoryId,
    teamIds: [],
    ...over,
  });

  beforeAll(async () => {
    const { db } = suite.server.database;
    admin = await login(suite.server, 'admin@demo.test');
    const roleId = newId();
    await db.insert(t.roles).values({
      id: roleId,
      orgId: suite.ids.org.id,
      name: 'Team lead',
      description: 'Keeps the templates of their team',
      rights: ['AUTHORITY_TEAM_TEMPLATE'],
    });
    await db.insert(t.users).values({
      id: newId(),
      orgId: suite.ids.org.id,
      email: 'lead@demo.test',
      name: 'Lead',
      roleId,
      teamIds: [suite.ids.sales.id],
      passwordHash: suite.ids.operator.passwordHash,
    });
    lead = await login(suite.server, 'lead@demo.test');

    categoryId = newId();
    expectOk(
      await run(
        suite,
        admin,
        'templateCategory.create',
        categoryPayload({ templateCategoryId: categoryId }),
      ),
    );
    const other = await otherOrganization(suite.server.database);
    otherCategoryId = newId();
    otherTemplateId = newId();
    await db
      .insert(t.templateCategories)
      .values({ id: otherCategoryId, orgId: other.id, name: 'Theirs' });
    await db.insert(t.templates).values({
      id: otherTemplateId,
      orgId: other.id,
      title: 'Theirs',
      text: 'Not yours',
      categoryId: otherCategoryId,
    });
  });

  const templateById = async (id: string) => {
    const [row] = await suite.server.database.db
      .select()
      .from(t.templates)
      .where(eq(t.templates.id, id));
    return row;
  };
  const categoryById = async (id: string) => {
    const [row] = await suite.server.database.db
      .select()
      .from(t.templateCategories)
      .where(eq(t.templateCategories.id, id));
    return row;
  };
  const eventOf = async (commandId: string) => {
    const [event] = await suite.server.database.db
      .select()
      .from(t.events)
      .where(eq(t.events.commandId, commandId));
    return event;
  };

  it('creates, updates and deletes a template category, syncing each change', async () => {
    const payload = categoryPayload({ teamIds: [suite.ids.support.id] });
    const create = command('templateCategory.create', payload);
    expectOk((await sendCommands(suite.server, admin, [create]))[0]!);
    expect(await categoryById(payload.templateCategoryId)).toMatchObject({
      orgId: suite.ids.org.id,
      name: payload.name,
      teamIds: [suite.ids.support.id],
    });
    expect((await eventOf(create.id))?.changes).toEqual([
      {
        table: 'templateCategories',
        op: 'put',
        key: payload.templateCategoryId,
        row: {
          id: payload.templateCategoryId,
          name: payload.name,
          teamIds: [suite.ids.support.id],
        },
        groups: ['org'],
      },
    ]);
    expectOk(
      await run(suite, admin, 'templateCategory.update', {
        ...payload,
        name: 'Renamed',
        teamIds: [],
      }),
    );
    expect(await categoryById(payload.templateCategoryId)).toMatchObject({
      name: 'Renamed',
      teamIds: [],
    });
    const remove = command('templateCategory.delete', {
      templateCategoryId: payload.templateCategoryId,
    });
    expectOk((await sendCommands(suite.server, admin, [remove]))[0]!);
    expect(await categoryById(payload.templateCategoryId)).toBeUndefined();
    expect((await eventOf(remove.id))?.changes).toEqual([
      {
        table: 'templateCategories',
        op: 'delete',
        key: payload.templateCategoryId,
        groups: ['org'],
      },
    ]);
  });

  it('creates, updates and deletes a template, syncing each change', async () => {
    const payload = templatePayload({ teamIds: [suite.ids.support.id] });
    const create = command('template.create', payload);
    expectOk((await sendCommands(suite.server, admin, [create]))[0]!);
    const stored = {
      id: payload.templateId,
      title: 'Greeting',
      text: payload.text,
      categoryId,
      teamIds: [suite.ids.support.id],
    };
    expect(await templateById(payload.templateId)).toMatchObject(stored);
    expect((await eventOf(create.id))?.changes).toEqual([
      { table: 'templates', op: 'put', key: payload.templateId, row: stored, groups: ['org'] },
    ]);
    const otherCategory = categoryPayload();
    expectOk(await run(suite, admin, 'templateCategory.create', otherCategory));
    expectOk(
      await run(suite, admin, 'template.update', {
        ...payload,
        title: 'Hello',
        categoryId: otherCategory.templateCategoryId,
        teamIds: [],
      }),
    );
    expect(await templateById(payload.templateId)).toMatchObject({
      title: 'Hello',
      categoryId: otherCategory.templateCategoryId,
      teamIds: [],
    });
    const remove = command('template.delete', { templateId: payload.templateId });
    expectOk((await sendCommands(suite.server, admin, [remove]))[0]!);
    expect(await templateById(payload.templateId)).toBeUndefined();
    expect((await eventOf(remove.id))?.changes).toEqual([
      { table: 'templates', op: 'delete', key: payload.templateId, groups: ['org'] },
    ]);
  });

  it('refuses a template without a template category (spec §5)', async () => {
    const error = await refusal(
      suite,
      admin,
      'template.create',
      templatePayload({ categoryId: null }),
    );
    expect(error).toMatchObject({
      name: 'TEMPLATE_CATEGORY_NOT_SELECTED',
      params: { field: 'categoryId' },
    });
    const payload = templatePayload();
    expectOk(await run(suite, admin, 'template.create', payload));
    const update = await refusal(suite, admin, 'template.update', { ...payload, categoryId: null });
    expect(update.name).toBe('TEMPLATE_CATEGORY_NOT_SELECTED');
  });

  it.each([
    ['an empty title', { title: ' ' }, 'title'],
    ['a title over 64 characters', { title: 't'.repeat(65) }, 'title'],
    ['an empty text', { text: '' }, 'text'],
    ['a text over 4000 characters', { text: 't'.repeat(4001) }, 'text'],
  ])('refuses %s with VALIDATION_FAILED naming the field', async (_case, over, field) => {
    const error = await refusal(suite, admin, 'template.create', templatePayload(over));
    expect(error).toMatchObject({ name: 'VALIDATION_FAILED', params: { field } });
  });

  it('refuses deleting a template category templates are filed under', async () => {
    const group = categoryPayload();
    expectOk(await run(suite, admin, 'templateCategory.create', group));
    expectOk(
      await run(
        suite,
        admin,
        'template.create',
        templatePayload({ categoryId: group.templateCategoryId }),
      ),
    );
    const error = await refusal(suite, admin, 'templateCategory.delete', {
      templateCategoryId: group.templateCategoryId,
    });
    expect(error.name).toBe('TEMPLATE_CATEGORY_IN_USE');
  });

  it("answers another organization's template and category as not found", async () => {
    const cases: [string, unknown, string][] = [
      ['template.update', templatePayload({ templateId: otherTemplateId }), 'TEMPLATE_NOT_FOUND'],
      ['template.delete', { templateId: otherTemplateId }, 'TEMPLATE_NOT_FOUND'],
      ['template.create', templatePayload({ categoryId: otherCategoryId }), 'CATEGORY_NOT_FOUND'],
      [
        'templateCategory.update',
        categoryPayload({ templateCategoryId: otherCategoryId }),
        'CATEGORY_NOT_FOUND',
      ],
      ['templateCategory.delete', { templateCategoryId: otherCategoryId }, 'CATEGORY_NOT_FOUND'],
      ['template.create', templatePayload({ teamIds: [newId()] }), 'TEAM_NOT_FOUND'],
    ];
    for (const [type, payload, name] of cases)
      expect((await refusal(suite, admin, type, payload)).name).toBe(name);
    expect((await templateById(otherTemplateId))?.text).toBe('Not yours');
  });

  it('refuses creating under an id already used', async () => {
    const template = await refusal(
      suite,
      admin,
      'template.create',
      templatePayload({ templateId: otherTemplateId }),
    );
    expect(template).toMatchObject({ name: 'VALIDATION_FAILED', params: { field: 'templateId' } });
    const group = await refusal(
      suite,
      admin,
      'templateCategory.create',
      categoryPayload({ templateCategoryId: otherCategoryId }),
    );
    expect(group).toMatchObject({
      name: 'VALIDATION_FAILED',
      params: { field: 'templateCategoryId' },
    });
  });

  it("refuses an operator's token every template command", async () => {
    const template = templatePayload();
    expectOk(await run(suite, admin, 'template.create', template));
    const cases: [string, unknown][] = [
      ['template.create', templatePayload()],
      ['template.update', { ...template, title: 'Mine' }],
      ['template.delete', { templateId: template.templateId }],
      ['templateCategory.create', categoryPayload()],
      ['templateCategory.update', categoryPayload({ templateCategoryId: categoryId })],
      ['templateCategory.delete', { templateCategoryId: categoryId }],
    ];
    for (const [type, payload] of cases)
      expect((await refusal(suite, suite.operator, type, payload)).name).toBe('ACCESS_DENIED');
  });

  it("lets a team lead keep their own team's templates, and no one else's", async () => {
    const sales = [suite.ids.sales.id];
    const own = templatePayload({ teamIds: sales });
    expectOk(await run(suite, lead, 'template.create', own));
    expectOk(await run(suite, lead, 'template.update', { ...own, text: 'Changed' }));
    expect((await templateById(own.templateId))?.text).toBe('Changed');

    const supports = templatePayload({ teamIds: [suite.ids.support.id] });
    const everyone = templatePayload({ teamIds: [] });
    for (const payload of [
      supports,
      everyone,
      templatePayload({ teamIds: [...sales, suite.ids.support.id] }),
    ])
      expect((await refusal(suite, lead, 'template.create', payload)).name).toBe(
        'TEMPLATE_NOT_MODIFIABLE',
      );
    // Their own template cannot be handed to another team either.
    const handOver = { ...own, teamIds: [suite.ids.support.id] };
    expect((await refusal(suite, lead, 'template.update', handOver)).name).toBe(
      'TEMPLATE_NOT_MODIFIABLE',
    );
    // Another team's template, or one for every team, is not theirs to change or delete.
    expectOk(await run(suite, admin, 'template.create', supports));
    expectOk(await run(suite, admin, 'template.create', everyone));
    for (const payload of [supports, everyone]) {
      expect(
        (await refusal(suite, lead, 'template.update', { ...payload, teamIds: sales })).name,
      ).toBe('TEMPLATE_NOT_MODIFIABLE');
      expect(
        (await refusal(suite, lead, 'template.delete', { templateId: payload.templateId })).name,
      ).toBe('TEMPLATE_NOT_MODIFIABLE');
    }
    expectOk(await run(suite, lead, 'template.delete', { templateId: own.templateId }));

    // The same reach holds for template categories.
    const ownGroup = categoryPayload({ teamIds: sales });
    expectOk(await run(suite, lead, 'templateCategory.create', ownGroup));
    const allGroup = await refusal(suite, lead, 'templateCategory.create', categoryPayload());
    expect(allGroup.name).toBe('CATEGORY_ACCESS_DENIED');
    const shared = await refusal(suite, lead, 'templateCategory.update', {
      templateCategoryId: categoryId,
      name: 'Mine',
      teamIds: sales,
    });
    expect(shared.name).toBe('CATEGORY_ACCESS_DENIED');
  });

  describe('without the "template management" pack', () => {
    withoutOptions(suite, ['OPTION_TEMPLATE_MANAGEMENT']);

    it('refuses changing templates with OPTION_NOT_AVAILABLE', async () => {
      expect((await refusal(suite, admin, 'template.create', templatePayload())).name).toBe(
        'OPTION_NOT_AVAILABLE',
      );
      expect((await refusal(suite, admin, 'templateCategory.create', categoryPayload())).name).toBe(
        'OPTION_NOT_AVAILABLE',
      );
    });
  });
});
