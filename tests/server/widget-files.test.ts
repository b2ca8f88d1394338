import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ATTACHMENT_MAX_BYTES, newId, type VisitorItem } from '../../src/protocol';
import * as t from '../../server/db/schema';
import {
  call,
  command,
  download,
  newVisitor,
  sendCommands,
  serverForSuite,
  upload,
  visitorSend,
  type TestServer,
} from './harness';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);

const storedFile = async (server: TestServer, id: string) =>
  server.database.db.select({ id: t.files.id }).from(t.files).where(eq(t.files.id, id));

describe('customer attachments in the site-chat widget', () => {
  const suite = serverForSuite();

  it('a visitor uploads a picture and sends it without text; staff see the message with it and download its bytes', async () => {
    const { server, ids, operator } = suite;
    const vera = await newVisitor(server, ids.channel.id);
    const fileId = newId();
    const uploaded = await upload(server, { visitor: vera.token }, fileId, {
      bytes: png,
      type: 'image/png',
      name: 'Чек 42.png',
    });
    expect(uploaded).toMatchObject({
      status: 200,
      body: { code: 'ok', entity: { id: fileId, name: 'Чек 42.png', type: 'image/png', size: 11 } },
    });
    const messageId = newId();
    const sent = await visitorSend(server, vera.token, {
      id: messageId,
      // What the widget claims is not what is stored: the stored file's own description wins.
      attachments: [{ id: fileId, name: 'other.png', type: 'image/png', size: 1 }],
    });
    expect(sent.body.code).toBe('ok');

    const [row] = await server.database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.id, messageId));
    const thread = await call(server, 'GET', `/api/sync/chat/${row?.chatId ?? ''}/messages`, {
      token: operator,
    });
    const seen = (
      thread.body.entity.messages as { id: string; text: string; attachments: unknown }[]
    ).find((m) => m.id === messageId);
    expect(seen).toMatchObject({
      text: '',
      attachments: [{ id: fileId, name: 'Чек 42.png', type: 'image/png', size: png.length }],
    });

    const staffCopy = await download(server, { token: operator }, fileId);
    expect(staffCopy.status).toBe(200);
    expect(staffCopy.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await staffCopy.arrayBuffer())).toEqual(png);
    const ownCopy = await download(server, { visitor: vera.token }, fileId);
    expect(ownCopy.status).toBe(200);
    expect(ownCopy.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await ownCopy.arrayBuffer())).toEqual(png);

    // The visitor's feed carries the message with its attachment.
    const feed = await call(server, 'GET', '/api/widget/feed?after=0', { visitor: vera.token });
    const items = feed.body.entity.items as VisitorItem[];
    expect(items).toMatchObject([
      { kind: 'message', message: { id: messageId, from: 'me', attachments: [{ id: fileId }] } },
    ]);
  });

  it('the operator’s files in the visitor’s thread reach that visitor, never a file of an internal note', async () => {
    const { server, ids, operator } = suite;
    const vera = await newVisitor(server, ids.channel.id);
    const hello = newId();
    await visitorSend(server, vera.token, { id: hello, text: 'Send me the invoice, please' });
    const [row] = await server.database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.id, hello));
    const chatId = row?.chatId ?? '';
    const invoice = newId();
    const note = newId();
    for (const [id, name] of [
      [invoice, 'invoice.pdf'],
      [note, 'internal.pdf'],
    ] as const) {
      const put = await upload(server, { token: operator }, id, {
        bytes: '%PDF-1.4 test',
        type: 'application/pdf',
        name,
      });
      expect(put.status).toBe(200);
    }
    const results = await sendCommands(server, operator, [
      command('chat.take', { chatId }),
      command('message.send', {
        chatId,
        text: 'Here it is',
        attachments: [{ id: invoice, name: 'invoice.pdf', type: 'application/pdf', size: 13 }],
      }),
      command('message.send', {
        chatId,
        text: 'for us only',
        internal: true,
        attachments: [{ id: note, name: 'internal.pdf', type: 'application/pdf', size: 13 }],
      }),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true, true]);
    const fromOperator = await download(server, { visitor: vera.token }, invoice);
    expect(fromOperator.status).toBe(200);
    expect(fromOperator.headers.get('content-disposition')).toContain('attachment');
    expect(await fromOperator.text()).toBe('%PDF-1.4 test');
    const internal = await download(server, { visitor: vera.token }, note);
    expect(internal.status).toBe(404);
    expect(((await internal.json()) as { error: { name: string } }).error.name).toBe(
      'FILE_NOT_FOUND',
    );
  });

  it('refuses an unsupported type, an empty file and one over the limit with their names, storing nothing', async () => {
    const { server, ids } = suite;
    const vera = await newVisitor(server, ids.channel.id);
    const html = newId();
    expect(
      await upload(server, { visitor: vera.token }, html, {
        bytes: '<script>alert(1)</script>',
        type: 'text/html',
        name: 'page.html',
      }),
    ).toMatchObject({ status: 400, body: { error: { name: 'FILE_TYPE_NOT_ALLOWED' } } });
    const empty = newId();
    expect(
      (
        await upload(server, { visitor: vera.token }, empty, {
          bytes: new Uint8Array(),
          type: 'image/png',
          name: 'a.png',
        })
      ).body.error.name,
    ).toBe('FILE_EMPTY');
    const huge = newId();
    expect(
      await upload(server, { visitor: vera.token }, huge, {
        bytes: new Uint8Array(ATTACHMENT_MAX_BYTES + 1),
        type: 'application/pdf',
        name: 'big.pdf',
      }),
    ).toMatchObject({
      status: 413,
      body: { error: { name: 'FILE_TOO_LARGE', params: { max: ATTACHMENT_MAX_BYTES } } },
    });
    for (const id of [html, empty, huge]) expect(await storedFile(server, id)).toHaveLength(0);
    // An upload without a visitor token stores nothing either.
    const anonymous = newId();
    const response = await fetch(`${server.baseUrl}/api/widget/files/${anonymous}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', 'x-file-name': 'a.png' },
      body: new Blob([png]),
    });
    expect(response.status).toBe(401);
    expect(await storedFile(server, anonymous)).toHaveLength(0);
  });

  it('a visitor can neither attach nor read another visitor’s file, nor take over its id, nor attach a staff file', async () => {
    const { server, ids, operator } = suite;
    const vera = await newVisitor(server, ids.channel.id);
    const ivan = await newVisitor(server, ids.channel.id);
    const verasFile = newId();
    const verasUpload = await upload(server, { visitor: vera.token }, verasFile, {
      bytes: png,
      type: 'image/png',
      name: 'vera.png',
    });
    expect(verasUpload.status).toBe(200);
    const attachment = { id: verasFile, name: 'vera.png', type: 'image/png', size: png.length };

    const stolen = newId();
    const refused = await visitorSend(server, ivan.token, {
      id: stolen,
      text: 'look',
      attachments: [attachment],
    });
    expect(refused).toMatchObject({ status: 404, body: { error: { name: 'FILE_NOT_FOUND' } } });
    expect(
      await server.database.db.select().from(t.messages).where(eq(t.messages.id, stolen)),
    ).toHaveLength(0);
    expect((await download(server, { visitor: ivan.token }, verasFile)).status).toBe(404);
    // Uploading under the same id answers as a file that is not there, and keeps Vera's.
    const overwrite = await upload(server, { visitor: ivan.token }, verasFile, {
      bytes: png,
      type: 'image/png',
      name: 'x.png',
    });
    expect(overwrite.body.error.name).toBe('FILE_NOT_FOUND');

    // Once Vera sent it, it is in her thread, still not in Ivan's.
    expect(
      (await visitorSend(server, vera.token, { id: newId(), attachments: [attachment] })).body.code,
    ).toBe('ok');
    expect((await download(server, { visitor: vera.token }, verasFile)).status).toBe(200);
    expect((await download(server, { visitor: ivan.token }, verasFile)).status).toBe(404);
    expect((await download(server, { visitor: 'forged' }, verasFile)).status).toBe(401);

    // A staff upload is not the visitor's to send either.
    const staffFile = newId();
    const staffUpload = await upload(server, { token: operator }, staffFile, {
      bytes: png,
      type: 'image/png',
      name: 's.png',
    });
    // Stored, so the refusal below is about whose file it is, not about a missing one.
    expect(staffUpload.status).toBe(200);
    const withStaffFile = await visitorSend(server, ivan.token, {
      id: newId(),
      attachments: [{ ...attachment, id: staffFile }],
    });
    expect(withStaffFile.body.error.name).toBe('FILE_NOT_FOUND');
    // And a message with neither text nor files is still empty.
    expect((await visitorSend(server, ivan.token, { id: newId() })).body.error.name).toBe(
      'EMPTY_MESSAGE',
    );
  });
});
