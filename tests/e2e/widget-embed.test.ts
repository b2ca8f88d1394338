import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { sendReply, signedInPage } from './browser';
import { browserAndApp } from './in-process-app';

/**
 * A company's own site, on an origin of its own (http://localhost:<port>, while the app is at
 * http://127.0.0.1:<port>): a plain page with nothing of ours but the widget's script tag.
 */
async function companySite(appUrl: string, channelId: string) {
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shoe Shop</title></head>
<body><h1>Shoe Shop</h1><p>Questions? Use the chat.</p>
<script src="${appUrl}/widget.js" data-channel="${channelId}"></script>
</body></html>`;
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${String(port)}`,
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}

describe('the widget embedded on a company’s own site', () => {
  const suite = browserAndApp();
  let site: Awaited<ReturnType<typeof companySite>>;
  let channelId = '';

  beforeAll(async () => {
    const [channel] = await suite.app.database.db
      .select()
      .from(t.channels)
      .where(eq(t.channels.type, 'site_chat'));
    if (!channel) throw new Error('no site-chat channel');
    channelId = channel.id;
    site = await companySite(suite.app.baseUrl, channelId);
  });
  afterAll(async () => {
    await site.close();
  });

  const allow = (origins: string[]) =>
    suite.app.database.db
      .update(t.channels)
      .set({
        settings: sql`${t.channels.settings} || ${JSON.stringify({ allowedOrigins: origins })}::jsonb`,
      })
      .where(eq(t.channels.id, channelId));

  it('on a site the channel allows, the customer writes and the operator answers', async () => {
    const { browser, app } = suite;
    await allow([site.origin]);
    const { context: operatorContext, page: operator } = await signedInPage(
      browser,
      app.baseUrl,
      'operator@demo.test',
    );
    await operator.waitForURL(/\/admin\/chats/);

    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await customer.goto(`${site.origin}/`);
    await customer.locator('[data-testid="widget-launcher"]').click();
    await customer.locator('[data-testid="widget-input"]').fill('Do you have these in size 44?');
    await customer.locator('[data-testid="widget-input"]').press('Enter');

    await operator.getByTestId('menu-open').click();
    const row = operator.getByTestId('chat-row').filter({ hasText: 'Website visitor' }).first();
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await operator
      .getByTestId('message')
      .filter({ hasText: 'Do you have these in size 44?' })
      .first()
      .waitFor();
    await operator.getByTestId('chat-take').click();
    await sendReply(operator, 'Yes, in black and brown.');
    // The reply comes back over the live socket and feed, also across origins.
    await customer
      .locator('[data-testid="widget-message"]', { hasText: 'Yes, in black and brown.' })
      .waitFor({ timeout: 15_000 });
    await customerContext.close();
    await operatorContext.close();
  }, 120_000);

  it('on a site the channel does not allow, the widget says it cannot connect and nothing arrives', async () => {
    const { browser, app } = suite;
    await allow([]);
    const count = async () => {
      const [row] = await app.database.db
        .select({
          chats: sql<number>`(select count(*) from ${t.chats})::int`,
          messages: sql<number>`(select count(*) from ${t.messages})::int`,
          visitors: sql<number>`(select count(*) from ${t.widgetVisitors})::int`,
        })
        .from(t.organizations)
        .limit(1);
      return row;
    };
    const before = await count();

    const context = await browser.newContext();
    const customer = await context.newPage();
    await customer.goto(`${site.origin}/`);
    await customer.locator('[data-testid="widget-launcher"]').click();
    await customer
      .locator('[data-testid="widget-status"]', { hasText: 'The chat cannot connect' })
      .waitFor({ timeout: 15_000 });
    expect(await customer.locator('[data-testid="widget-input"]').isDisabled()).toBe(true);
    expect(await count()).toEqual(before);
    await context.close();
  }, 60_000);
});
