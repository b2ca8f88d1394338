import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ATTACHMENT_MAX_BYTES, newId, type VisitorItem } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { call, command, demoIds, sendCommands, serverForSuite, type TestServer } from './harness';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);

type Visitor = { visitorId: string; token: string };

async function newVisitor(server: TestServer): Promise<Visitor> {
  const ids = await demoIds(server.database);
  return (await call(server, 'POST', `/api/widget/${ids.channel.id}/visitors`)).body
    .entity as Visitor;
}

/** A visitor's upload, as the widget makes it. */
async function visitorUpload(
  server: TestServer,
  token: string,
  id: string,
  bytes: Uint8Array,
  type: string,
  name: string,
) {
  const response = await fetch(`${server.baseUrl}/api/widget/files/${id}`, {
    method: 'PUT',
    headers: {
      authorization: `Visitor ${token}`,
      'content-type': type,
      'x-file-name': encodeURIComponent(name),
    },
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
  });
  return { status: response.status, body: await response.json() };
}

async function visitorSend(server: TestServer, token: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}/api/widget/messages`, {
    method: 'POST',
    headers: { authorization: `Visitor ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const download = (server: TestServer, authorization: string, id: string, visitor = false) =>
  fetch(`${server.baseUrl}/api/${visitor ? 'widget/' : ''}files/${id}`, {
    headers: { authorization },
  });

const storedFile = async (server: TestServer, id: string) =>
  server.database.db.select({ id: t.files.id }).from(t.files).where(eq(t.files.id, id));

describe('customer attachments in the site-chat widget', () => {
  const suite = serverForSuite();

  it('a visitor uploads a picture and sends it without text; staff see the message with it and download its bytes', async () => {
    const { server, operator } = suite;
    const vera = await newVisitor(server);
    const fileId = newId();
    const uploaded = await visitorUpload(
      server,
      vera.token,
      fileId,
      png,
      'image/png',
      'Чек 42.png',
    );
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

    const staffCopy = await download(server, `Bearer ${operator}`, fileId);
    expect(staffCopy.status).toBe(200);
    expect(staffCopy.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await staffCopy.arrayBuffer())).toEqual(png);
    const ownCopy = await download(server, `Visitor ${vera.token}`, fileId, true);
    expect(ownCopy.status).toBe(200);
    expect(ownCopy.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await ownCopy.arrayBuffer())).toEqual(png);

    // The visitor's feed carries the message with its attachment.
    const response = await fetch(`${server.baseUrl}/api/widget/feed?after=0`, {
      headers: { authorization: `Visitor ${vera.token}` },
    });
    const items = ((await response.json()) as { entity: { items: VisitorItem[] } }).entity.items;
    expect(items).toMatchObject([
      { kind: 'message', message: { id: messageId, from: 'me', attachments: [{ id: fileId }] } },
    ]);
  });

  it('the operator’s files in the visitor’s thread reach that visitor, never a file of an internal note', async () => {
    const { server, operator } = suite;
    const vera = await newVisitor(server);
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
      const put = await fetch(`${server.baseUrl}/api/files/${id}`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${operator}`,
          'content-type': 'application/pdf',
          'x-file-name': name,
        },
        body: '%PDF-1.4 test',
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
    const fromOperator = await download(server, `Visitor ${vera.token}`, invoice, true);
    expect(fromOperator.status).toBe(200);
    expect(fromOperator.headers.get('content-disposition')).toContain('attachment');
    expect(await fromOperator.text()).toBe('%PDF-1.4 test');
    const internal = await download(server, `Visitor ${vera.token}`, note, true);
    expect(internal.status).toBe(404);
    expect(((await internal.json()) as { error: { name: string } }).error.name).toBe(
      'FILE_NOT_FOUND',
    );
  });

  it('refuses an unsupported type, an empty file and one over the limit with their names, storing nothing', async () => {
    const { server } = suite;
    const vera = await newVisitor(server);
    const html = newId();
    expect(
      await visitorUpload(
        server,
        vera.token,
        html,
        new TextEncoder().encode('<script>alert(1)</script>'),
        'text/html',
        'page.html',
      ),
    ).toMatchObject({ status: 400, body: { error: { name: 'FILE_TYPE_NOT_ALLOWED' } } });
    const empty = newId();
    expect(
      (await visitorUpload(server, vera.token, empty, new Uint8Array(), 'image/png', 'a.png')).body
        .error.name,
    ).toBe('FILE_EMPTY');
    const huge = newId();
    expect(
      await visitorUpload(
        server,
        vera.token,
        huge,
        new Uint8Array(ATTACHMENT_MAX_BYTES + 1),
        'application/pdf',
        'big.pdf',
      ),
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
    const { server, operator } = suite;
    const vera = await newVisitor(server);
    const ivan = await newVisitor(server);
    const verasFile = newId();
    await visitorUpload(server, vera.token, verasFile, png, 'image/png', 'vera.png');
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
    expect((await download(server, `Visitor ${ivan.token}`, verasFile, true)).status).toBe(404);
    // Uploading under the same id answers as a file that is not there, and keeps Vera's.
    const overwrite = await visitorUpload(server, ivan.token, verasFile, png, 'image/png', 'x.png');
    expect(overwrite.body.error.name).toBe('FILE_NOT_FOUND');

    // Once Vera sent it, it is in her thread, still not in Ivan's.
    expect(
      (await visitorSend(server, vera.token, { id: newId(), attachments: [attachment] })).body.code,
    ).toBe('ok');
    expect((await download(server, `Visitor ${vera.token}`, verasFile, true)).status).toBe(200);
    expect((await download(server, `Visitor ${ivan.token}`, verasFile, true)).status).toBe(404);
    expect((await download(server, 'Visitor forged', verasFile, true)).status).toBe(401);

    // A staff upload is not the visitor's to send either.
    const staffFile = newId();
    await fetch(`${server.baseUrl}/api/files/${staffFile}`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${operator}`,
        'content-type': 'image/png',
        'x-file-name': 's.png',
      },
      body: new Blob([png]),
    });
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
