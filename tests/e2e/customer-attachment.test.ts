import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { customerOnDemoSite, operatorOnPendingList } from './browser';
import { browserAndApp } from './in-process-app';

/** A real 1×1 PNG, so both browsers must decode what they show. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Customer attachments (issue item "customer attachments"): each side in its own browser. */
describe('files between a customer in the widget and an operator', () => {
  const suite = browserAndApp();

  it('the widget refuses what the server would, the customer sends a picture the operator sees, and gets the operator’s document', async () => {
    const { browser, app } = suite;
    const { context: operatorContext, page: operator } = await operatorOnPendingList(
      browser,
      app.baseUrl,
    );

    const { context: customerContext, page: customer } = await customerOnDemoSite(
      browser,
      app.baseUrl,
    );
    const attach = customer.getByRole('button', { name: 'Attach a file' });
    await attach.waitFor();
    const fileInput = customer.locator('[data-testid="widget-file-input"]');
    const error = customer.locator('[data-testid="widget-error"]');

    // Checked in the browser with the server's own limits: nothing is uploaded.
    await fileInput.setInputFiles({
      name: 'page.html',
      mimeType: 'text/html',
      buffer: Buffer.from('<p>hi</p>'),
    });
    await error.filter({ hasText: 'Files of this type cannot be sent' }).waitFor();
    await fileInput.setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(ATTACHMENT_MAX_BYTES + 1),
    });
    await error.filter({ hasText: 'The file is too large: up to 10 MB' }).waitFor();
    expect(await app.database.db.select({ id: t.files.id }).from(t.files)).toHaveLength(0);

    await fileInput.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PIXEL });
    const ownPicture = customer.locator('[data-testid="widget-attachment-image"] img');
    await ownPicture.waitFor();
    await customer
      .locator('[data-testid="widget-message"]', { hasText: 'sending…' })
      .waitFor({ state: 'detached', timeout: 10_000 });
    // Read once the picture is sent: the earlier refusal is gone and the upload did not fail.
    expect(await error.textContent()).toBe('');
    expect(await ownPicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    const row = operator.getByTestId('chat-row').filter({ hasText: 'Website visitor' }).first();
    await row.waitFor({ timeout: 10_000 });
    await row.click();
    await operator.getByTestId('chat-take').click();
    const seen = operator.getByTestId('attachment-image').locator('img');
    await seen.waitFor({ timeout: 10_000 });
    expect(await seen.getAttribute('alt')).toBe('receipt.png');
    await operator.waitForFunction(
      () =>
        document.querySelector<HTMLImageElement>('[data-testid="attachment-image"] img')
          ?.naturalWidth === 1,
    );

    // The operator answers with a document; the customer downloads it from their thread.
    await operator.getByTestId('attach-input').setInputFiles({
      name: 'price-list.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 prices'),
    });
    await operator.getByTestId('send').click();
    const priceList = customer.locator('[data-testid="widget-attachment-file"]', {
      hasText: 'price-list.pdf',
    });
    await priceList.waitFor({ timeout: 10_000 });
    const [download] = await Promise.all([customer.waitForEvent('download'), priceList.click()]);
    expect(download.suggestedFilename()).toBe('price-list.pdf');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-1.4 prices');

    await customerContext.close();
    await operatorContext.close();
  }, 120_000);
});
