import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ERROR_NAMES } from '../../src/protocol';
import { serverForSuite } from './harness';
import { MOVES_ON_ITS_OWN, rowCounts } from './row-counts';

type Raw = { status: number; body: unknown };

/** Class 7 of issue #16: loose shapes, and answers of /api in the web framework's own format. */
describe('every answer of /api is the product’s shape, whatever the request', () => {
  const suite = serverForSuite();

  async function raw(
    method: string,
    path: string,
    init: { token?: string; type?: string; body?: string } = {},
  ): Promise<Raw> {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.type) headers['content-type'] = init.type;
    const response = await fetch(`${suite.server.baseUrl}${path}`, {
      method,
      headers,
      body: init.body,
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // left as text: the assertion below shows it
    }
    return { status: response.status, body };
  }

  const expectRefusal = (answer: Raw, status: number, name: string) => {
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ code: 'error', error: { name } });
    const error = (answer.body as { error: { name: string; message: unknown } }).error;
    expect(ERROR_NAMES).toContain(error.name);
    expect(typeof error.message).toBe('string');
  };

  it('a JSON array as the account update is refused and writes no event', async () => {
    const before = await rowCounts(suite.server.database, MOVES_ON_ITS_OWN);
    const answer = await raw('PATCH', '/api/auth/acc/update', {
      token: suite.operator,
      type: 'application/json',
      body: '[]',
    });
    expectRefusal(answer, 400, 'VALIDATION_FAILED');
    expect(answer.body).toMatchObject({ error: { params: { field: 'body' } } });
    expect(await rowCounts(suite.server.database, MOVES_ON_ITS_OWN)).toEqual(before);
  });

  it('an array for a nested object is refused too, naming where', async () => {
    const answer = await raw('POST', '/api/commands', {
      token: suite.operator,
      type: 'application/json',
      body: JSON.stringify({ commands: [[]] }),
    });
    expectRefusal(answer, 400, 'VALIDATION_FAILED');
    expect(answer.body).toMatchObject({ error: { params: { field: 'commands.0' } } });
  });

  it('an overlong path parameter is VALIDATION_FAILED, not Fastify’s 414', async () => {
    const answer = await raw('GET', `/api/files/${'x'.repeat(500)}`, { token: suite.operator });
    expectRefusal(answer, 400, 'VALIDATION_FAILED');
    expect(answer.body).toMatchObject({ error: { params: { field: 'path' } } });
  });

  it('a path that is not valid URI encoding is VALIDATION_FAILED', async () => {
    const answer = await raw('GET', '/api/files/%E0%A4%A', { token: suite.operator });
    expectRefusal(answer, 400, 'VALIDATION_FAILED');
  });

  it.each([
    ['an unknown path', 'GET', '/api/nothing-here'],
    ['a wrong method', 'DELETE', '/api/commands'],
    ['a plain request to a live socket', 'GET', '/api/sync/live'],
    ['a plain request to the widget’s live socket', 'GET', '/api/widget/live'],
  ])('%s is NOT_FOUND', async (_what, method, path) => {
    expectRefusal(await raw(method, path, { token: suite.operator }), 404, 'NOT_FOUND');
  });

  it.each([
    ['broken JSON', 'application/json', '{"commands":'],
    ['an empty JSON body', 'application/json', ''],
    ['JSON with __proto__', 'application/json', '{"__proto__":{"x":1},"commands":[]}'],
  ])('%s is VALIDATION_FAILED', async (_what, type, body) => {
    expectRefusal(
      await raw('POST', '/api/commands', { token: suite.operator, type, body }),
      400,
      'VALIDATION_FAILED',
    );
  });

  /** What the server writes back to bytes sent on a raw connection, as a status and a JSON body. */
  async function rawExchange(request: string): Promise<Raw> {
    const { hostname, port } = new URL(suite.server.baseUrl);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.end(request);
      });
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString();
      });
      socket.on('close', () => {
        resolve(received);
      });
      socket.on('error', reject);
    });
    const [head = '', body = ''] = text.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), body: JSON.parse(body) as unknown };
  }

  it('headers over Node’s limit are PAYLOAD_TOO_LARGE in the product’s shape', async () => {
    const answer = await rawExchange(
      `GET /api/auth/user HTTP/1.1\r\nHost: x\r\nX-Junk: ${'j'.repeat(20_000)}\r\n\r\n`,
    );
    expectRefusal(answer, 431, 'PAYLOAD_TOO_LARGE');
  });

  it('a request Node cannot parse is VALIDATION_FAILED in the product’s shape', async () => {
    expectRefusal(await rawExchange('NOT HTTP AT ALL\r\n\r\n'), 400, 'VALIDATION_FAILED');
  });

  it('a content type the server does not read is refused in the product’s shape', async () => {
    const answer = await raw('POST', '/api/commands', {
      token: suite.operator,
      type: 'application/xml',
      body: '<commands/>',
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ code: 'error', error: { name: 'VALIDATION_FAILED' } });
  });
});
