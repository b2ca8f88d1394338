import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId, ATTACHMENT_MAX_BYTES } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { command, customerWrites, sendCommands, serverForSuite, type TestServer } from './harness';

async function upload(
  server: TestServer,
  token: string,
  id: string,
  bytes: Uint8Array,
  type: string,
  name = 'photo.png',
) {
  const response = await fetch(`${server.baseUrl}/api/files/${id}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': type,
      'x-file-name': encodeURIComponent(name),
    },
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
  });
  return { status: response.status, body: await response.json() };
}

describe('file uploads for messages', () => {
  const suite = serverForSuite();

  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  it('stores a file under the browser’s id, answers a repeat the same, and serves it back safely', async () => {
    const { server, operator } = suite;
    const id = newId();
    const first = await upload(server, operator, id, png, 'image/png', 'Screen shot.png');
    expect(first).toMatchObject({
      status: 200,
      body: {
        code: 'ok',
        entity: { id, name: 'Screen shot.png', type: 'image/png', size: png.length },
      },
    });
    const text = await upload(
      server,
      operator,
      newId(),
      new TextEncoder().encode('order 42'),
      'text/plain',
      'notes.txt',
    );
    expect(text.body.entity).toMatchObject({ type: 'text/plain', size: 8 });
    const again = await upload(server, operator, id, png, 'image/png', 'Screen shot.png');
    expect(again.body.entity).toEqual(first.body.entity);
    expect(
      await server.database.db.select({ id: t.files.id }).from(t.files).where(eq(t.files.id, id)),
    ).toHaveLength(1);

    const download = await fetch(`${server.baseUrl}/api/files/${id}`, {
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png);
    expect((await fetch(`${server.baseUrl}/api/files/${id}`)).status).toBe(401);
  });

  it('refuses types that could run, empty files and files over the limit, storing nothing', async () => {
    const { server, operator } = suite;
    const html = await upload(
      server,
      operator,
      newId(),
      new TextEncoder().encode('<script>alert(1)</script>'),
      'text/html',
      'page.html',
    );
    expect(html).toMatchObject({ status: 400, body: { error: { name: 'FILE_TYPE_NOT_ALLOWED' } } });
    const empty = await upload(server, operator, newId(), new Uint8Array(), 'image/png');
    expect(empty.body.error.name).toBe('FILE_EMPTY');
    const huge = await upload(
      server,
      operator,
      newId(),
      new Uint8Array(ATTACHMENT_MAX_BYTES + 1),
      'application/pdf',
      'big.pdf',
    );
    expect(huge).toMatchObject({
      status: 413,
      body: { error: { name: 'FILE_TOO_LARGE', params: { max: ATTACHMENT_MAX_BYTES } } },
    });
    expect(await server.database.db.select({ id: t.files.id }).from(t.files)).toHaveLength(2);
  });

  it('sends a message with an uploaded file, and refuses one naming a file that is not there', async () => {
    const { server, ids, operator } = suite;
    await customerWrites(
      server,
      ids.org.id,
      ids.channel.id,
      `files-${newId()}`,
      'Here is my problem',
    );
    const [chat] = await server.database.db
      .select()
      .from(t.chats)
      .where(eq(t.chats.status, 'pending'))
      .orderBy(t.chats.createdAt);
    if (!chat) throw new Error('no chat');
    const fileId = newId();
    await upload(server, operator, fileId, png, 'image/png', 'answer.png');
    const results = await sendCommands(server, operator, [
      command('message.send', {
        chatId: chat.id,
        text: '',
        attachments: [{ id: newId(), name: 'ghost.png', type: 'image/png', size: 3 }],
      }),
      command('message.send', {
        chatId: chat.id,
        text: '',
        attachments: [{ id: fileId, name: 'renamed-by-client.png', type: 'image/png', size: 1 }],
      }),
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual(['FILE_NOT_FOUND', 'ok']);
    const [message] = await server.database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.chatId, chat.id))
      .orderBy(t.messages.createdAt)
      .offset(1);
    expect(message?.attachments).toEqual([
      { id: fileId, name: 'answer.png', type: 'image/png', size: png.length },
    ]);
  });
});
