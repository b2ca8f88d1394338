import { describe, expect, it } from 'vitest';
import { query } from '../../protocol/reports/test-fixtures';
import { downloadReport } from './download';

const asked = query('common');

function run(answer: () => Promise<Response>) {
  const sent: { url: string; init: RequestInit | undefined }[] = [];
  const saved: { name: string; size: number }[] = [];
  const outcome = downloadReport({
    query: asked,
    format: 'csv',
    language: 'ru',
    token: 'tok',
    period: { from: '2026-03-28', to: '2026-03-30' },
    fetch: (url, init) => {
      sent.push({ url: url as string, init });
      return answer();
    },
    save: (blob, name) => saved.push({ name, size: blob.size }),
  });
  return { outcome, sent, saved };
}

describe('downloading a report', () => {
  it('posts the query, the format and the language with the app’s token, and saves the file', async () => {
    const { outcome, sent, saved } = run(() =>
      Promise.resolve(
        new Response('\uFEFFday;dialogs\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="summary.csv"',
          },
        }),
      ),
    );
    expect(await outcome).toBe('saved');
    expect(sent[0]?.url).toBe('/api/reports/download');
    expect(sent[0]?.init?.method).toBe('POST');
    expect((sent[0]?.init?.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(JSON.parse(sent[0]?.init?.body as string)).toEqual({
      query: asked,
      format: 'csv',
      language: 'ru',
    });
    expect(saved).toEqual([{ name: 'summary.csv', size: 15 }]);
  });

  it('gives the server’s named refusal, to be said in words', async () => {
    const refused = run(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ code: 'error', error: { name: 'OPTION_NOT_AVAILABLE', params: {} } }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    expect(await refused.outcome).toEqual({
      refused: { name: 'OPTION_NOT_AVAILABLE', params: {} },
    });
    expect(refused.saved).toEqual([]);
  });

  it('says "failed" for a server without the route, or an error answer it cannot read', async () => {
    const missing = run(() =>
      Promise.resolve(
        new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } }),
      ),
    );
    expect(await missing.outcome).toBe('failed');
    const jsonError = run(() =>
      Promise.resolve(
        new Response('{"code":"error"}', { headers: { 'content-type': 'application/json' } }),
      ),
    );
    expect(await jsonError.outcome).toBe('failed');
    expect(missing.saved).toEqual([]);
  });

  it('says "offline" when the request never reaches a server', async () => {
    const { outcome } = run(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await outcome).toBe('offline');
  });
});
