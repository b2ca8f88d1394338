import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '../../../src/protocol';
import { fetchCustomerFiles } from './fetched-file';

/**
 * A provider's file host as the fetch meets it: a small picture, one larger than the inbox keeps
 * that declares its length, one that does not (chunked), and a link that no longer works.
 */
let server: Server;
let root = '';
const PICTURE = Buffer.from('\xff\xd8\xff\xe0 a small picture', 'latin1');

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/small') {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': PICTURE.length });
      response.end(PICTURE);
    } else if (request.url === '/declared') {
      response.writeHead(200, {
        'content-type': 'video/mp4',
        'content-length': ATTACHMENT_MAX_BYTES + 1,
      });
      response.end();
    } else if (request.url === '/chunked') {
      // No length said: the bytes themselves run over.
      response.writeHead(200, { 'content-type': 'video/mp4' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      for (let i = 0; i <= ATTACHMENT_MAX_BYTES / chunk.length; i++) response.write(chunk);
      response.end();
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  root = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => { resolve(); })));

const link = (path: string) => ({
  url: `${root}${path}`,
  name: (type: string) => `${path.slice(1)}.${type.split('/')[1] ?? 'bin'}`,
});

describe('a customer’s files fetched on receipt', () => {
  it('keeps one within the limit, and leaves a trace of one over it, declared or not, keeping the message', async () => {
    const signal = AbortSignal.timeout(20_000);
    const { text, files } = await fetchCustomerFiles(
      [link('/small'), link('/declared'), link('/chunked')],
      'Look at these',
      signal,
    );
    expect(files).toEqual([{ name: 'small.jpeg', type: 'image/jpeg', bytes: PICTURE }]);
    expect(text).toBe(
      'Look at these\n[declared.mp4: not kept, it is too large]\n[chunked.mp4: not kept, it is too large]',
    );
  });

  it('fails on a link that no longer works, so the message is tried again rather than stored without it', async () => {
    await expect(
      fetchCustomerFiles([link('/gone')], 'Hi', AbortSignal.timeout(5000)),
    ).rejects.toThrow('the attachment could not be fetched (404)');
  });
});
