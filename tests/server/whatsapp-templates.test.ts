import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { filledTemplateText, newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import type { ChannelWorkers } from '../../server/channels/pipeline/workers';
import { channelWorkers, customerMessages, until } from './provider-channel-helpers';
import { connectWhatsApp, whatsappSuite } from './whatsapp-channel-helpers';
import { command, login, sendCommands } from './harness';

/**
 * Registered WhatsApp templates through the whole server against a local Cloud API (spec §3, §4;
 * docs/messenger-templates.md): written as a draft, refused by the provider's rules before Meta
 * is asked, submitted by the channel workers (across Meta's 503), reviewed by Meta's signed
 * webhook, and the one message that reaches a customer after the 24-hour session: a template sent
 * with its values arrives at Meta as that template.
 */
const { suite, api: cloudApi } = whatsappSuite();
const anna = { waId: '79161234567', name: 'Anna Petrova' };

let workers: ChannelWorkers;
beforeAll(() => {
  workers = channelWorkers(suite, suite.server.baseUrl);
});
afterAll(() => workers.stop());

const templateRow = async (id: string) => {
  const [row] = await suite.server.database.db
    .select()
    .from(t.messengerTemplates)
    .where(eq(t.messengerTemplates.id, id));
  return row;
};

const draft = (channelId: string, overrides: Record<string, unknown> = {}) => ({
  templateId: newId(),
  channelId,
  name: 'order_ready',
  category: 'utility',
  language: 'en',
  header: 'Order {{1}}',
  text: 'Hello {{1}}, your order is ready for pickup at {{2}}.',
  footer: 'Acme shop',
  buttons: [
    { kind: 'url', text: 'Track it', link: 'https://shop.example/track' },
    { kind: 'quick_reply', text: 'Thanks' },
  ],
  ...overrides,
});

describe('registered WhatsApp templates', () => {
  it('refuses what Meta would refuse, each at its field, before Meta is asked', async () => {
    const account = cloudApi().addAccount('79991110001', 'Acme Rules');
    const { admin, channelId } = await connectWhatsApp(suite, account, 'WhatsApp rules');
    await until(() => account.callback !== undefined);
    const calls = account.calls.length;
    const refusals = [
      [{ name: 'Order Ready' }, 'MESSENGER_TEMPLATE_NAME_INVALID', 'name'],
      [{ text: 'Hi {{2}}' }, 'MESSENGER_TEMPLATE_VARIABLES_INVALID', 'text'],
      [{ header: 'A {{1}} and {{2}}' }, 'MESSENGER_TEMPLATE_VARIABLES_INVALID', 'header'],
      [{ footer: 'Bye {{1}}' }, 'MESSENGER_TEMPLATE_VARIABLES_INVALID', 'footer'],
      [
        { buttons: [{ kind: 'url', text: 'Open', link: 'ftp://shop.example' }] },
        'VALIDATION_FAILED',
        'buttons.0.link',
      ],
      [
        { buttons: [{ kind: 'phone', text: 'Call', link: '12' }] },
        'INVALID_PHONE',
        'buttons.0.link',
      ],
    ] as const;
    for (const [overrides, name, field] of refusals) {
      const [result] = await sendCommands(suite.server, admin, [
        command('messengerTemplate.create', draft(channelId, overrides)),
      ]);
      expect(result).toMatchObject({ ok: false, error: { name, params: { field } } });
    }
    const tooMany = await sendCommands(suite.server, admin, [
      command(
        'messengerTemplate.create',
        draft(channelId, {
          buttons: [1, 2, 3].map((n) => ({
            kind: 'url',
            text: `Link ${String(n)}`,
            link: `https://shop.example/${String(n)}`,
          })),
        }),
      ),
    ]);
    expect(tooMany[0]).toMatchObject({
      ok: false,
      error: { name: 'TOO_MANY_BUTTONS', params: { max: 2, field: 'buttons' } },
    });
    // A name and language are the provider's key: one per channel.
    const first = draft(channelId);
    expect(
      (await sendCommands(suite.server, admin, [command('messengerTemplate.create', first)]))[0],
    ).toMatchObject({ ok: true });
    expect(
      (
        await sendCommands(suite.server, admin, [
          command('messengerTemplate.create', draft(channelId)),
        ])
      )[0],
    ).toMatchObject({
      ok: false,
      error: { name: 'MESSENGER_TEMPLATE_EXISTS', params: { field: 'name' } },
    });
    // An operator may not write templates.
    const operator = await login(suite.server, 'operator@demo.test');
    expect(
      (
        await sendCommands(suite.server, operator, [
          command('messengerTemplate.create', draft(channelId, { name: 'by_operator' })),
        ])
      )[0],
    ).toMatchObject({ ok: false, error: { name: 'ACCESS_DENIED' } });
    expect(account.calls).toHaveLength(calls);
    expect(account.templates.size).toBe(0);
  });

  it('is submitted once across a 503, approved by Meta’s webhook, and then sent after the 24-hour session as the template', async () => {
    const account = cloudApi().addAccount('79991110002', 'Acme Shop');
    const { admin, channelId } = await connectWhatsApp(suite, account, 'WhatsApp templates');
    await until(() => account.callback !== undefined);
    const written = draft(channelId);
    await sendCommands(suite.server, admin, [command('messengerTemplate.create', written)]);
    account.failNextWith503(1, ['message_templates']);
    const [submitted] = await sendCommands(suite.server, admin, [
      command('messengerTemplate.submit', { templateId: written.templateId }),
    ]);
    expect(submitted).toMatchObject({ ok: true });
    // The retry waits its backoff on the server's clock.
    await until(
      async () => (await templateRow(written.templateId))?.status === 'pending',
      () => {
        suite.server.clock.advance(1000);
      },
    );
    const pending = await templateRow(written.templateId);
    expect(pending?.registeredAt).not.toBeNull();
    expect(account.calls.filter((call) => call === 'POST message_templates')).toHaveLength(2);
    expect(account.templates.size).toBe(1);
    const held = account.templateNamed('order_ready', 'en');
    // Quick replies grouped before the link, as Meta takes them; the variables with examples.
    expect(held?.components).toMatchObject([
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' },
      { type: 'BODY', example: { body_text: [['example 1', 'example 2']] } },
      { type: 'FOOTER', text: 'Acme shop' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Thanks' },
          { type: 'URL', text: 'Track it', url: 'https://shop.example/track' },
        ],
      },
    ]);
    // Under review it is the provider's: not edited here, and not sent.
    const edit = await sendCommands(suite.server, admin, [
      command('messengerTemplate.update', { ...written, text: 'Changed {{1}} {{2}}' }),
    ]);
    expect(edit[0]).toMatchObject({ ok: false, error: { name: 'TEMPLATE_NOT_MODIFIABLE' } });

    await account.customerWrites(anna, 'Is my order ready?');
    await until(async () => (await customerMessages(suite, channelId, anna.waId)).length === 1);
    const [first] = await customerMessages(suite, channelId, anna.waId);
    if (!first) throw new Error('the customer’s message did not arrive');
    const send = (parameters: { header: string[]; body: string[] }) =>
      command('message.sendTemplate', {
        chatId: first.chat.id,
        messageId: newId(),
        templateId: written.templateId,
        text: filledTemplateText(written, parameters),
        parameters,
      });
    const values = { header: ['#1042'], body: ['Anna', 'Main street 5'] };
    expect((await sendCommands(suite.server, admin, [send(values)]))[0]).toMatchObject({
      ok: false,
      error: { name: 'MESSENGER_TEMPLATE_NOT_APPROVED' },
    });

    expect(await account.review(held?.id ?? '', 'APPROVED')).toBe(200);
    await until(async () => (await templateRow(written.templateId))?.status === 'approved');

    suite.server.clock.advance(24 * 60 * 60_000 + 60_000);
    cloudApi().advance(24 * 60 * 60_000 + 60_000);
    const free = await sendCommands(suite.server, admin, [
      command('message.send', { chatId: first.chat.id, text: 'Ready!', attachments: [] }),
    ]);
    expect(free[0]).toMatchObject({ ok: false, error: { name: 'MESSENGER_SESSION_EXPIRED' } });
    // Values must fit the template: each variable filled, on one line.
    for (const wrong of [
      { header: [], body: ['Anna', 'Main street 5'] },
      { header: ['#1042'], body: ['Anna'] },
      { header: ['#1042'], body: ['Anna', 'Main\nstreet'] },
      { header: ['#1042'], body: ['Anna', '   '] },
    ])
      expect((await sendCommands(suite.server, admin, [send(wrong)]))[0]).toMatchObject({
        ok: false,
        error: { name: 'MESSENGER_TEMPLATE_PARAMETERS_INVALID' },
      });
    // The words the operator saw must be the ones the customer gets.
    expect(
      (
        await sendCommands(suite.server, admin, [
          command('message.sendTemplate', {
            ...(send(values).payload as Record<string, unknown>),
            text: 'Something else',
          }),
        ])
      )[0],
    ).toMatchObject({
      ok: false,
      error: { name: 'MESSENGER_TEMPLATE_PARAMETERS_INVALID', params: { field: 'text' } },
    });
    const sending = send(values);
    expect((await sendCommands(suite.server, admin, [sending]))[0]).toMatchObject({ ok: true });
    await until(() => account.sent.some((message) => message.type === 'template'));
    const [sent] = account.sent.filter((message) => message.type === 'template');
    expect(sent).toMatchObject({
      to: anna.waId,
      template: {
        name: 'order_ready',
        language: 'en',
        header: ['#1042'],
        body: ['Anna', 'Main street 5'],
      },
    });
    const [stored] = await suite.server.database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.id, (sending.payload as { messageId: string }).messageId));
    expect(stored).toMatchObject({
      text: 'Order #1042\n\nHello Anna, your order is ready for pickup at Main street 5.\n\nAcme shop',
      template: { templateId: written.templateId, name: 'order_ready', language: 'en' },
    });
    // The same command again (a retry after a lost answer) sends nothing twice.
    await sendCommands(suite.server, admin, [sending]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(account.sent.filter((message) => message.type === 'template')).toHaveLength(1);
  });

  it('shows Meta’s rejection with its reason, takes an edit and a new submission, and deletes at Meta too', async () => {
    const account = cloudApi().addAccount('79991110003', 'Acme Reject');
    const { admin, channelId } = await connectWhatsApp(suite, account, 'WhatsApp reject');
    await until(() => account.callback !== undefined);
    const written = draft(channelId, {
      name: 'promo',
      category: 'marketing',
      header: null,
      text: 'Sale!',
      buttons: [],
    });
    await sendCommands(suite.server, admin, [
      command('messengerTemplate.create', written),
      command('messengerTemplate.submit', { templateId: written.templateId }),
    ]);
    await until(async () => (await templateRow(written.templateId))?.status === 'pending');
    const held = account.templateNamed('promo', 'en');
    await account.review(held?.id ?? '', 'REJECTED', 'INVALID_FORMAT');
    await until(async () => (await templateRow(written.templateId))?.status === 'rejected');
    expect(await templateRow(written.templateId)).toMatchObject({ reason: 'INVALID_FORMAT' });

    const rewritten = { ...written, text: 'Our spring sale starts on Monday.' };
    expect(
      (
        await sendCommands(suite.server, admin, [command('messengerTemplate.update', rewritten)])
      )[0],
    ).toMatchObject({ ok: true });
    expect(await templateRow(written.templateId)).toMatchObject({
      status: 'draft',
      text: 'Our spring sale starts on Monday.',
    });

    // Submitted again, the template Meta holds is edited (its name and language are taken there).
    await sendCommands(suite.server, admin, [
      command('messengerTemplate.submit', { templateId: written.templateId }),
    ]);
    await until(async () => (await templateRow(written.templateId))?.status === 'pending');
    expect(account.templates.size).toBe(1);
    expect(account.templateNamed('promo', 'en')).toMatchObject({
      status: 'PENDING',
      components: [{ type: 'BODY', text: 'Our spring sale starts on Monday.' }, { type: 'FOOTER' }],
    });
    expect(await templateRow(written.templateId)).toMatchObject({ reason: null });

    // A draft never submitted goes at once; one Meta holds is removed there before it goes here.
    const other = draft(channelId, { name: 'never_sent' });
    await sendCommands(suite.server, admin, [
      command('messengerTemplate.create', other),
      command('messengerTemplate.delete', { templateId: other.templateId }),
    ]);
    expect(await templateRow(other.templateId)).toBeUndefined();
    await sendCommands(suite.server, admin, [
      command('messengerTemplate.delete', { templateId: written.templateId }),
    ]);
    await until(async () => (await templateRow(written.templateId)) === undefined);
    expect(account.templateNamed('promo', 'en')).toBeUndefined();
    expect(account.calls).toContain('DELETE message_templates');
  });

  it('takes an approval Meta posts before its answer to the submission', async () => {
    const account = cloudApi().addAccount('79991110005', 'Acme Instant');
    const { admin, channelId } = await connectWhatsApp(suite, account, 'WhatsApp instant');
    await until(() => account.callback !== undefined);
    account.approveAtOnce = true;
    const written = draft(channelId, { name: 'instant' });
    await sendCommands(suite.server, admin, [
      command('messengerTemplate.create', written),
      command('messengerTemplate.submit', { templateId: written.templateId }),
    ]);
    await until(async () => (await templateRow(written.templateId))?.status === 'approved');
    expect(account.templateNamed('instant', 'en')?.status).toBe('APPROVED');
  });

  it('gives a submission Meta refuses at once the rejected status with Meta’s words', async () => {
    const account = cloudApi().addAccount('79991110004', 'Acme Taken');
    const { admin, channelId } = await connectWhatsApp(suite, account, 'WhatsApp taken');
    await until(() => account.callback !== undefined);
    // Made in Meta's own manager: the name is taken there, not here.
    const outside = draft(channelId, { name: 'welcome' });
    await sendCommands(suite.server, admin, [
      command('messengerTemplate.create', outside),
      command('messengerTemplate.submit', { templateId: outside.templateId }),
    ]);
    await until(async () => (await templateRow(outside.templateId))?.status === 'pending');
    await suite.server.database.db
      .delete(t.messengerTemplates)
      .where(eq(t.messengerTemplates.id, outside.templateId));
    const again = draft(channelId, { name: 'welcome' });
    await sendCommands(suite.server, admin, [
      command('messengerTemplate.create', again),
      command('messengerTemplate.submit', { templateId: again.templateId }),
    ]);
    await until(async () => (await templateRow(again.templateId))?.status === 'rejected');
    expect((await templateRow(again.templateId))?.reason).toMatch(/already exists/);
  });
});
