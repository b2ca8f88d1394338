import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOnChannelWizard,
  launchBrowser,
  operatorOnPendingList,
  sendReply,
  type Browser,
  type Page,
} from './browser';
import { startRestartableApp, type RestartableApp } from './restartable-app';
import { startDovecot, type Dovecot } from '../providers/mail/dovecot';
import { startSmtpSink, type SinkMessage, type SmtpSink } from '../providers/mail/smtp-sink';

/** The channel's mailbox: one login and password for IMAP (Dovecot) and SMTP (the sink). */
const mailbox = { login: 'support', password: 'mail-secret' };
const CHANNEL_ADDRESS = 'support@shop.test';
const CUSTOMER = 'ann@example.com';
/** Receivers start at the workers' supervision round (every 10 s) and replies back off 5 s: room. */
const ARRIVAL_MS = 60_000;

const customerMail = (id: string, text: string, extra: string[] = []) =>
  [
    `From: "Ann Customer" <${CUSTOMER}>`,
    `To: ${CHANNEL_ADDRESS}`,
    'Subject: Broken kettle',
    `Message-ID: <${id}@example.com>`,
    ...extra,
    '',
    text,
    '',
  ].join('\r\n');

/** Resolves once `count` messages were answered 451 (the reply now waits in its backoff). */
async function refusals(sink: SmtpSink, count: number): Promise<void> {
  while (sink.refused < count) await new Promise((resolve) => setTimeout(resolve, 50));
}

const attachmentsOf = (message: SinkMessage | undefined) =>
  (message?.parsed.attachments ?? []).map((file) => ({
    name: file.filename,
    text: file.content.toString(),
  }));

/** The chats listed on the page now whose row names the customer. */
const customerRows = (page: Page) =>
  page.getByTestId('chat-row').filter({ hasText: 'Ann Customer' });

/**
 * Issue 19's Done-when for e-mail, in Chromium against the product as `npm start` runs it: an
 * administrator connects a mailbox through the wizard; a customer's mail (Dovecot) appears in the
 * operator's Pending list; the operator's text and file each reach the SMTP server (smtp-server)
 * exactly once — the text after a temporary refusal, a later reply across a restart of the
 * product — threaded to the customer's mail; the customer's answer joins the same chat.
 */
describe('the e-mail channel story in Chromium', () => {
  let dovecot: Dovecot;
  let sink: SmtpSink;
  let app: RestartableApp;
  let browser: Browser;
  beforeAll(async () => {
    dovecot = await startDovecot([mailbox]);
    sink = await startSmtpSink(mailbox.login, mailbox.password);
    app = await startRestartableApp({});
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser.close();
    await app.stop();
    await sink.stop();
    await dovecot.stop();
  });

  it('an administrator connects a mailbox; the operator answers a customer’s mail with text and a file, each sent once across a refusal and a restart; the customer’s reply joins the chat', async () => {
    // The administrator connects the mailbox through the e-mail wizard.
    const {
      context: adminContext,
      page: admin,
      form,
    } = await adminOnChannelWizard(browser, app.baseUrl, 'email');
    await form.locator('input[name="name"]').fill('Support mail');
    await form.getByTestId('channel-secret-password').fill(mailbox.password);
    await form.getByTestId('channel-setting-address').fill(CHANNEL_ADDRESS);
    await form.getByTestId('channel-setting-login').fill(mailbox.login);
    await form.getByTestId('channel-setting-receiveProtocol').selectOption('imap');
    await form.getByTestId('channel-setting-receiveHost').fill(dovecot.host);
    await form.getByTestId('channel-setting-receivePort').fill(String(dovecot.imapPort));
    await form.getByTestId('channel-setting-receiveSecurity').selectOption('none');
    await form.getByTestId('channel-setting-sendHost').fill(sink.host);
    await form.getByTestId('channel-setting-sendPort').fill(String(sink.port));
    await form.getByTestId('channel-setting-sendSecurity').selectOption('none');
    await form.locator('select[name="teamId"]').selectOption({ label: 'Support' });
    await form.getByTestId('channel-save').click();
    // The server logged in to both servers before it took the channel; the wizard opens its page.
    await admin.waitForURL(/\/admin\/preferences\/channels\/email\/edit\//, { timeout: 30_000 });
    await admin.goto(`${app.baseUrl}/admin/preferences/channels/all`);
    const channelRow = admin.getByTestId('channel-row').filter({ hasText: 'Support mail' });
    await channelRow.waitFor({ timeout: 20_000 });
    expect(await channelRow.textContent()).toContain('Support');
    await adminContext.close();

    // An operator of Support waits on the Pending list; a customer's mail arrives in the mailbox.
    const { context: operatorContext, page: operator } = await operatorOnPendingList(
      browser,
      app.baseUrl,
    );
    await dovecot.deliver(mailbox, customerMail('k1', 'My kettle does not boil.'));
    const row = customerRows(operator);
    await row.waitFor({ timeout: ARRIVAL_MS });
    await row.click();
    await operator
      .getByTestId('message')
      .filter({ hasText: 'My kettle does not boil.' })
      .waitFor({ timeout: 20_000 });
    await operator.getByTestId('chat-take').click();

    // The text: the SMTP server refuses it for now (451) and takes it on the retry.
    sink.failNext(1);
    await sendReply(operator, 'Please descale it with citric acid.');
    await sink.waitFor(1);
    expect(sink.refused).toBe(1);

    // The file, as a reply of its own.
    await operator.getByTestId('attach-input').setInputFiles({
      name: 'descaling-guide.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 descaling steps'),
    });
    await operator.getByTestId('send').click();
    await operator
      .getByTestId('attachment-file')
      .filter({ hasText: 'descaling-guide.pdf' })
      .waitFor({ timeout: 20_000 });
    await sink.waitFor(2);

    // Between a reply and its delivery the product restarts: refused once, then stopped while
    // the reply waits out its backoff, it is sent by the restarted product.
    sink.failNext(1);
    await sendReply(operator, 'A replacement part ships on Monday.');
    await refusals(sink, 2);
    expect(sink.received).toHaveLength(2);
    await app.restart();
    await sink.waitFor(3);
    await operator
      .locator('[data-testid="connection"][data-connection="online"]')
      .waitFor({ timeout: 30_000 });

    // The customer answers our last mail from their mail client, which threads it.
    const ours = sink.received[2]?.parsed.messageId ?? '';
    expect(ours).not.toBe('');
    await dovecot.deliver(
      mailbox,
      customerMail(
        'k2',
        'Thanks, it works now!\r\n\r\nOn Mon, Support wrote:\r\n> A replacement part ships on Monday.',
        [`In-Reply-To: ${ours}`, `References: <k1@example.com> ${ours}`],
      ),
    );
    // It shows in the chat the operator has open, without a reload: the page reconnected.
    await operator
      .getByTestId('message')
      .filter({ hasText: 'Thanks, it works now!' })
      .waitFor({ timeout: ARRIVAL_MS });
    const texts = await operator.getByTestId('message').locator('.message__text').allInnerTexts();
    expect(texts).toEqual([
      'Broken kettle\n\nMy kettle does not boil.',
      'Please descale it with citric acid.',
      'A replacement part ships on Monday.',
      'Thanks, it works now!',
    ]);
    for (const reply of [
      'Please descale it with citric acid.',
      'A replacement part ships on Monday.',
    ])
      expect(
        await operator
          .getByTestId('message')
          .filter({ hasText: reply })
          .getAttribute('data-status'),
      ).not.toBe('undelivered');

    // One chat for the customer: the one the operator took, and no new one waiting.
    expect(await customerRows(operator).count()).toBe(0);
    await operator.getByTestId('menu-assigned').click();
    await operator.waitForURL(/filter=assigned/);
    await customerRows(operator).first().waitFor();
    expect(await customerRows(operator).count()).toBe(1);

    // The mail server got each reply exactly once, in order, from the channel to the customer,
    // threaded to the customer's mail.
    const received = sink.received;
    expect(received).toHaveLength(3);
    expect(new Set(received.map((m) => m.parsed.messageId)).size).toBe(3);
    for (const message of received) {
      expect(message.envelope).toEqual({ from: CHANNEL_ADDRESS, to: [CUSTOMER] });
      expect(message.parsed.from?.value).toEqual([{ address: CHANNEL_ADDRESS, name: '' }]);
      expect(message.parsed.to).toMatchObject({ value: [{ address: CUSTOMER }] });
      expect(message.parsed.inReplyTo).toBe('<k1@example.com>');
      expect(message.parsed.references).toBe('<k1@example.com>');
      expect(message.parsed.subject).toBe('Re: Broken kettle');
    }
    expect(received.map((m) => m.parsed.text?.trim() ?? '')).toEqual([
      'Please descale it with citric acid.',
      '',
      'A replacement part ships on Monday.',
    ]);
    expect(received.map(attachmentsOf)).toEqual([
      [],
      [{ name: 'descaling-guide.pdf', text: '%PDF-1.4 descaling steps' }],
      [],
    ]);
    await operatorContext.close();
  }, 300_000);
});
