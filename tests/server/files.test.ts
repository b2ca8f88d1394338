import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId, ATTACHMENT_MAX_BYTES } from '../../src/protocol';
import * as t from '../../server/db/schema';
import {
  command,
  customerOpensChat,
  download,
  sendCommands,
  serverForSuite,
  upload,
} from './harness';

describe('file uploads for messages', () => {
  const suite = serverForSuite();

  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  it('stores a file under the browser’s id, answers a repeat the same, and serves it back safely', async () => {
    const { server, operator } = suite;
    const id = newId();
    const staff = { token: operator };
    const first = await upload(server, staff, id, {
      bytes: png,
      type: 'image/png',
      name: 'Screen shot.png',
    });
    expect(first).toMatchObject({
      status: 200,
      body: {
        code: 'ok',
        entity: { id, name: 'Screen shot.png', type: 'image/png', size: png.length },
      },
    });
    const text = await upload(server, staff, newId(), {
      bytes: 'order 42',
      type: 'text/plain',
      name: 'notes.txt',
    });
    expect(text.body.entity).toMatchObject({ type: 'text/plain', size: 8 });
    const again = await upload(server, staff, id, {
      bytes: png,
      type: 'image/png',
      name: 'Screen shot.png',
    });
    expect(again.body.entity).toEqual(first.body.entity);
    expect(
      await server.database.db.select({ id: t.files.id }).from(t.files).where(eq(t.files.id, id)),
    ).toHaveLength(1);

    const served = await download(server, staff, id);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
    expect((await download(server, {}, id)).status).toBe(401);
  });

  it('refuses types that could run, empty files and files over the limit, storing nothing', async () => {
    const { server, operator } = suite;
    const staff = { token: operator };
    const stored = async () =>
      (await server.database.db.select({ id: t.files.id }).from(t.files)).map((f) => f.id).sort();
    const before = await stored();
    const html = await upload(server, staff, newId(), {
      bytes: '<script>alert(1)</script>',
      type: 'text/html',
      name: 'page.html',
    });
    expect(html).toMatchObject({ status: 400, body: { error: { name: 'FILE_TYPE_NOT_ALLOWED' } } });
    const empty = await upload(server, staff, newId(), {
      bytes: new Uint8Array(),
      type: 'image/png',
      name: 'photo.png',
    });
    expect(empty.body.error.name).toBe('FILE_EMPTY');
    const huge = await upload(server, staff, newId(), {
      bytes: new Uint8Array(ATTACHMENT_MAX_BYTES + 1),
      type: 'application/pdf',
      name: 'big.pdf',
    });
    expect(huge).toMatchObject({
      status: 413,
      body: { error: { name: 'FILE_TOO_LARGE', params: { max: ATTACHMENT_MAX_BYTES } } },
    });
    // Whatever the tests before stored, nothing was added.
    expect(await stored()).toEqual(before);
  });

  it('sends a message with an uploaded file, and refuses one naming a file that is not there', async () => {
    const { server, ids, operator } = suite;
    const chat = await customerOpensChat(server, ids, 'Here is my problem');
    const fileId = newId();
    const uploaded = await upload(server, { token: operator }, fileId, {
      bytes: png,
      type: 'image/png',
      name: 'answer.png',
    });
    expect(uploaded.status).toBe(200);
    const ghost = newId();
    const answer = newId();
    const results = await sendCommands(server, operator, [
      command('message.send', {
        chatId: chat.id,
        messageId: ghost,
        text: '',
        attachments: [{ id: newId(), name: 'ghost.png', type: 'image/png', size: 3 }],
      }),
      command('message.send', {
        chatId: chat.id,
        messageId: answer,
        text: '',
        attachments: [{ id: fileId, name: 'renamed-by-client.png', type: 'image/png', size: 1 }],
      }),
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual(['FILE_NOT_FOUND', 'ok']);
    const thread = await server.database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.chatId, chat.id));
    expect(thread.map((m) => m.id)).not.toContain(ghost);
    expect(thread.find((m) => m.id === answer)?.attachments).toEqual([
      { id: fileId, name: 'answer.png', type: 'image/png', size: png.length },
    ]);
  });
});
