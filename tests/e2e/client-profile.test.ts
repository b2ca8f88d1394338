import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OPTIONS, newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { signedInPage, waitForQueued, type Page } from './browser';
import { browserAndApp } from './in-process-app';

/** A success toast with this text (spec §9). */
const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).first().waitFor({ timeout: 10_000 });

/** Waits until the server's row of the client satisfies `done` (what reached the server). */
async function serverClient(
  read: () => Promise<(typeof t.clients.$inferSelect)[]>,
  done: (client: typeof t.clients.$inferSelect) => boolean,
): Promise<typeof t.clients.$inferSelect> {
  const until = Date.now() + 30_000;
  for (;;) {
    const [client] = await read();
    if (client && done(client)) return client;
    if (Date.now() > until)
      throw new Error(`The server's client never matched: ${JSON.stringify(client)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** What the profile shows, as a person reads it. */
async function shown(page: Page) {
  const profile = page.getByTestId('client-profile');
  return {
    tags: await profile.getByTestId('profile-tag-name').allInnerTexts(),
    comments: await profile.getByTestId('profile-comment').allInnerTexts(),
    fields: await profile.getByTestId('profile-field').allInnerTexts(),
    companies: await profile.getByTestId('profile-company').allInnerTexts(),
    status: await profile
      .getByTestId('profile-status-select')
      .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? ''),
  };
}

/**
 * Issue 18: an operator fills a customer's profile from the chat screen, also offline, and a
 * colleague in another browser sees all of it.
 */
describe('the client profile in Chromium', () => {
  const suite = browserAndApp({ proxy: true });
  const statusId = newId();
  beforeAll(async () => {
    // The organization's own status, as the statuses page would have saved it.
    const db = suite.app.database.db;
    const [org] = await db.select().from(t.organizations);
    await db
      .insert(t.clientStatuses)
      .values({ id: statusId, orgId: org?.id ?? '', name: 'Hot lead', colour: 'red' });
  });

  it('an operator adds a tag, a comment, a field and a company and sets a custom status; an edit made offline survives a reload and reaches the server; a colleague sees it all', async () => {
    const { browser, app, proxy } = suite;
    const db = app.database.db;
    const { context, page } = await signedInPage(browser, proxy.baseUrl, 'operator@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.getByTestId('menu-open').click();
    await page.waitForURL(/filter=open/);
    await page.getByTestId('chat-row').first().click();
    const profile = page.getByTestId('client-profile');
    await profile.waitFor({ timeout: 15_000 });
    const clientId = (await profile.getAttribute('data-client-id')) ?? '';
    const read = () => db.select().from(t.clients).where(eq(t.clients.id, clientId));

    // A tag of the wrong format is told at its field with the rule, and nothing is sent.
    await profile.getByTestId('profile-tag-input').fill('vip!');
    await profile.getByTestId('profile-tag-add').click();
    await profile.getByText('A tag holds letters, digits').waitFor();
    await profile.getByTestId('profile-tag-input').fill('vip');
    await profile.getByTestId('profile-tag-add').click();
    await toast(page, 'The tag is added');

    await profile.getByTestId('profile-comment-input').fill('Asked about delivery to Omsk');
    await profile.getByTestId('profile-comment-add').click();
    await toast(page, 'The comment is added');

    await profile.getByTestId('profile-field-name-input').fill('Plan');
    await profile.getByTestId('profile-field-new-value-input').fill('Gold');
    await profile.getByTestId('profile-field-add').click();
    await toast(page, 'The field is added');

    await profile.getByTestId('profile-company-name-input').fill('Acme Ltd');
    await profile.getByTestId('profile-company-outer-input').fill('crm-42');
    await profile.getByTestId('profile-company-create').click();
    await toast(page, 'The company is created');

    await profile.getByTestId('profile-status-select').selectOption({ label: 'Hot lead' });
    await toast(page, 'The status is saved');

    const saved = await serverClient(read, (client) => client.status === statusId);
    expect(saved).toMatchObject({ tags: ['vip'], fields: [{ name: 'Plan', value: 'Gold' }] });
    expect(saved.companyIds).toHaveLength(1);
    const [company] = await db.select().from(t.companies).where(eq(t.companies.outerId, 'crm-42'));
    expect(company?.name).toBe('Acme Ltd');

    // Readiness for the offline reload: the service worker serves the app.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 45_000,
    });
    await proxy.cut();
    await context.setOffline(true);
    await profile.getByTestId('profile-tag-input').fill('called offline');
    await profile.getByTestId('profile-tag-add').click();
    await profile.getByTestId('profile-tag').filter({ hasText: 'called offline' }).waitFor();
    // The comment goes too, so the waiting count reads "2 changes" (waitForQueued's words).
    await profile.getByTestId('profile-comment-input').fill('Written offline');
    await profile.getByTestId('profile-comment-add').click();
    await waitForQueued(page, 2);
    await page.reload();
    await page.getByTestId('client-profile').waitFor({ timeout: 20_000 });
    await page
      .getByTestId('profile-tag')
      .filter({ hasText: 'called offline' })
      .waitFor({ timeout: 15_000 });
    expect(await shown(page)).toMatchObject({
      tags: ['vip', 'called offline'],
      status: 'Hot lead',
    });

    await proxy.restore();
    await context.setOffline(false);
    await serverClient(read, (client) => client.tags.includes('called offline'));
    const comments = await db
      .select()
      .from(t.clientComments)
      .where(eq(t.clientComments.clientId, clientId));
    expect(comments.map((comment) => comment.text).sort()).toEqual([
      'Asked about delivery to Omsk',
      'Written offline',
    ]);

    // A colleague, in a browser of their own, opens the client's full view.
    const colleague = await signedInPage(browser, app.baseUrl, 'supervisor@demo.test');
    await colleague.page.waitForURL(/\/admin\/chats/);
    await colleague.page.goto(`${app.baseUrl}/admin/clients/${clientId}`);
    await colleague.page.getByTestId('client-profile').waitFor({ timeout: 20_000 });
    await colleague.page
      .getByTestId('profile-tag')
      .filter({ hasText: 'called offline' })
      .waitFor({ timeout: 15_000 });
    const seen = await shown(colleague.page);
    expect(seen.tags).toEqual(['vip', 'called offline']);
    expect(seen.comments.join('\n')).toContain('Asked about delivery to Omsk');
    expect(seen.comments.join('\n')).toContain('Written offline');
    expect(seen.comments.join('\n')).toContain('Oscar');
    expect(seen.fields.join('\n')).toContain('Plan');
    expect(seen.fields.join('\n')).toContain('Gold');
    expect(seen.companies.join('\n')).toContain('Acme Ltd');
    expect(seen.status).toBe('Hot lead');
    // The interaction history lists the client's chats, each opening its chat.
    await colleague.page.getByTestId('client-history-chat').first().waitFor();
    await colleague.page.getByTestId('client-history-open').first().click();
    await colleague.page.waitForURL(/\/admin\/chats\?.*chat=/);
    await colleague.page.getByTestId('chat-screen').waitFor();
    await colleague.context.close();
    await context.close();
  }, 180_000);
  it('without the client-profile pack the profile is read-only, and says why', async () => {
    const { browser, app } = suite;
    const db = app.database.db;
    const [client] = await db.select().from(t.clients).limit(1);
    await db
      .update(t.organizations)
      .set({ options: OPTIONS.filter((option) => option !== 'OPTION_CLIENT_PROFILE') });
    const { context, page } = await signedInPage(browser, app.baseUrl, 'operator@demo.test');
    await page.waitForURL(/\/admin\/chats/);
    await page.goto(`${app.baseUrl}/admin/clients/${client?.id ?? ''}`);
    await page.getByTestId('client-profile').waitFor({ timeout: 20_000 });
    await page
      .getByText('Editing client profiles is not part of your organization’s plan.')
      .waitFor();
    expect(await page.getByTestId('profile-tag-input').count()).toBe(0);
    expect(await page.getByTestId('profile-status-value').innerText()).not.toBe('');
    await context.close();
  }, 90_000);
});
