import { describe, expect, it } from 'vitest';
import { createApiClient, type StatusHandlers } from './api-client';

type Call = { url: string; init: RequestInit };

function setup(
  status: number | 'offline',
  body: unknown = { code: 'ok', entity: 1 },
  token: string | null = 'tok',
) {
  const calls: Call[] = [];
  const acted: (keyof StatusHandlers)[] = [];
  const api = createApiClient({
    token: () => token,
    handlers: {
      unauthorized: () => acted.push('unauthorized'),
      forbidden: () => acted.push('forbidden'),
      notFound: () => acted.push('notFound'),
    },
    fetch: (input, init) => {
      calls.push({
        url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        init: init ?? {},
      });
      if (status === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    },
  });
  return { api, calls, acted };
}

const errorAnswer = (name: string) => ({ code: 'error', error: { name, params: {} } });

describe('the fetch wrapper (spec §8)', () => {
  it('sends a JSON content type and the bearer token, with the body as JSON and the query encoded', async () => {
    const { api, calls } = setup(200);
    await api.request('POST', '/api/x', { body: { a: 1 }, query: { pwa: 'false' } });
    expect(calls[0]!.url).toBe('/api/x?pwa=false');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/json');
    expect(headers.authorization).toBe('Bearer tok');
    expect(calls[0]!.init.body).toBe('{"a":1}');
  });

  it('sends no authorization header without a token', async () => {
    const { api, calls } = setup(200, undefined, null);
    await api.request('GET', '/api/x');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it.each([
    { status: 200, answer: { code: 'ok', entity: 1 }, acted: [] },
    { status: 400, answer: errorAnswer('VALIDATION_FAILED'), acted: [] },
    { status: 429, answer: errorAnswer('TOO_MANY_REQUESTS'), acted: [] },
    { status: 401, answer: null, acted: ['unauthorized'] },
    { status: 403, answer: null, acted: ['forbidden'] },
    { status: 404, answer: null, acted: ['notFound'] },
    { status: 500, answer: null, acted: [] },
    { status: 503, answer: null, acted: [] },
  ])(
    'status $status answers $answer and acts $acted',
    async ({ status, answer, acted: expected }) => {
      const body = answer ?? errorAnswer('UNKNOWN_ERROR');
      const { api, acted } = setup(status, body);
      expect(await api.request('GET', '/api/x')).toEqual(answer);
      expect(acted).toEqual(expected);
    },
  );

  it('a raw request reads the answer of 401 and 403 and does not act on them', async () => {
    for (const [status, name] of [
      [401, 'INVALID_CREDENTIALS'],
      [403, 'USER_INACTIVE'],
    ] as const) {
      const { api, acted } = setup(status, errorAnswer(name));
      expect(await api.request('POST', '/api/auth/login', { raw: true })).toEqual(
        errorAnswer(name),
      );
      expect(acted).toEqual([]);
    }
  });

  it('no connection yields no data and no crash', async () => {
    const { api, acted } = setup('offline');
    expect(await api.request('GET', '/api/x')).toBeNull();
    expect(acted).toEqual([]);
  });

  it('a body that is not JSON yields no data', async () => {
    const api = createApiClient({
      token: () => null,
      handlers: {
        unauthorized: () => undefined,
        forbidden: () => undefined,
        notFound: () => undefined,
      },
      fetch: () => Promise.resolve(new Response('<html>', { status: 200 })),
    });
    expect(await api.request('GET', '/api/x')).toBeNull();
  });
});
