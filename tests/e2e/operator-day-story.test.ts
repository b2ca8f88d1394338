import { describe, expect, it } from 'vitest';
import {
  customerOnDemoSite,
  operatorOnPendingList,
  sendReply,
  signedInPage,
  type Page,
} from './browser';
import { browserAndApp } from './in-process-app';
import { takenToday } from './my-statistics';

/** A customer on the demo site, in a browser profile of their own, writes one message. */
async function customerWrites(suite: ReturnType<typeof browserAndApp>, text: string) {
  const customer = await customerOnDemoSite(suite.browser, suite.app.baseUrl);
  await customer.page.getByTestId('widget-input').fill(text);
  const sentAt = Date.now();
  await customer.page.getByTestId('widget-input').press('Enter');
  return { ...customer, sentAt };
}

/** The list row whose preview is this text. */
const rowPreviewing = (page: Page, text: string) =>
  page
    .getByTestId('chat-row')
    .filter({ has: page.getByTestId('chat-row-preview').getByText(text) })
    .first();

/**
 * Issue 30's Done-when, as one working day in Chromium: a customer's message shows as its row's
 * preview on the operator's Pending list without opening the chat; the operator's own statistics
 * count the chat taken and then a first reply time; a supervisor moves the operator from Support
 * to Sales on the teams' panels, and the operator, In work, receives Sales' next chat.
 */
describe('the operator’s and supervisor’s day', () => {
  const suite = browserAndApp();

  it('previews, personal statistics and a team move, as a newcomer meets them', async () => {
    const { browser, app } = suite;
    const { context: operatorContext, page: operator } = await operatorOnPendingList(
      browser,
      app.baseUrl,
    );
    const stats = await operatorContext.newPage();
    await stats.goto(`${app.baseUrl}/admin/chats?filter=open`);
    await stats.getByTestId('menu-my-stats').click();
    await stats.getByTestId('my-stats-week').waitFor({ timeout: 20_000 });
    const takenBefore = await takenToday(stats);

    // The customer writes; the row says what about, without the chat being opened.
    const first = await customerWrites(suite, 'My parcel 4471 is late');
    const row = rowPreviewing(operator, 'My parcel 4471 is late');
    await row.waitFor({ timeout: 10_000 });
    const arrival = Date.now() - first.sentAt;
    console.log(`customer message to its preview on the Pending list: ${arrival} ms`);
    // The issue asks for "within a second" from the customer's Enter. The bound leaves room for
    // a loaded CI machine, as customer-conversation.test.ts does; the figure is printed.
    expect(arrival).toBeLessThan(2000);

    // Taken and answered: the statistics count it, then show a first reply time.
    await row.click();
    await operator.getByTestId('chat-take').click();
    await expect.poll(() => takenToday(stats), { timeout: 15_000 }).toBe(takenBefore + 1);
    await sendReply(operator, 'Let me check where it is.');
    await expect
      .poll(() => stats.getByTestId('my-stats-today-first-reply').innerText(), {
        timeout: 15_000,
      })
      .toMatch(/^\d+ (sec|min|h|d)/);
    await stats.close();
    await first.context.close();

    // The supervisor moves the operator from Support to Sales on the teams' own panels.
    const { context: supervisorContext, page: supervisor } = await signedInPage(
      browser,
      app.baseUrl,
      'supervisor@demo.test',
    );
    await supervisor.waitForURL(/\/admin\/chats/);
    await supervisor.getByTestId('menu-teams').click();
    await supervisor.waitForURL(/\/admin\/teams\/all/);
    const openTeam = async (name: string) => {
      await supervisor.getByTestId('team-row').getByRole('button', { name, exact: true }).click();
      return supervisor.getByTestId('team-panel');
    };
    let panel = await openTeam('Sales');
    await panel.getByLabel('Add an operator').selectOption({ label: 'Oscar Operator' });
    await panel.getByTestId('team-member-add').click();
    await panel.getByTestId('team-members').getByText('Oscar Operator').waitFor();
    panel = await openTeam('Support');
    await panel.getByRole('button', { name: 'Remove Oscar Operator from the team' }).click();
    await expect
      .poll(() => panel.getByTestId('team-members').getByText('Oscar Operator').count())
      .toBe(0);

    // The operator goes In work.
    await operator.locator('[data-testid="connection"][data-connection="online"]').waitFor();
    await operator
      .getByRole('group', { name: 'Status' })
      .getByRole('radio', { name: 'In work' })
      .click();
    await operator
      .locator('[data-testid="operator-status"][data-status="in_work"]')
      .waitFor({ timeout: 15_000 });

    // Sales' next chat: a customer of the site, handed by the supervisor to the Sales queue.
    const second = await customerWrites(suite, 'Do you sell gift cards?');
    await supervisor.goto(`${app.baseUrl}/admin/chats?filter=open`);
    const waiting = rowPreviewing(supervisor, 'Do you sell gift cards?');
    await waiting.waitFor({ timeout: 15_000 });
    await waiting.click();
    await supervisor.getByTestId('chat-transfer').click();
    const dialog = supervisor.getByTestId('transfer-dialog');
    await dialog.getByLabel('A team').check();
    await dialog.getByTestId('transfer-target').selectOption({ label: 'Sales' });
    await supervisor.getByTestId('transfer-confirm').click();

    // It reaches the operator's In progress list.
    await operator.getByTestId('menu-assigned').click();
    await rowPreviewing(operator, 'Do you sell gift cards?').waitFor({ timeout: 20_000 });
    await second.context.close();
    await supervisorContext.close();
    await operatorContext.close();
  }, 240_000);
});
