import { describe, expect, it } from 'vitest';
import { loadFile, type FileSource } from './file-fetch';

const ID = '0190a0b0-0000-7000-8000-0000000000f1';

const source = (
  patch: Partial<FileSource> = {},
): FileSource & { asked: [string, RequestInit][] } => {
  const asked: [string, RequestInit][] = [];
  return {
    asked,
    localBlob: () => Promise.resolve(undefined),
    fetch: (url, init) => {
      asked.push([url, init]);
      return Promise.resolve(new Response('bytes', { status: 200 }));
    },
    token: () => 'secret-token',
    ...patch,
  };
};

describe('loading a message file', () => {
  it('a file still waiting for upload is shown from its local Blob, without a request', async () => {
    const files = source({ localBlob: () => Promise.resolve(new Blob(['local'])) });
    const loaded = await loadFile(ID, files);
    expect(loaded.ok && (await loaded.blob.text())).toBe('local');
    expect(files.asked).toEqual([]);
  });

  it('an uploaded file is fetched with the token in the Authorization header, never in the address', async () => {
    const files = source();
    const loaded = await loadFile(ID, files);
    expect(loaded.ok && (await loaded.blob.text())).toBe('bytes');
    const [url, init] = files.asked[0]!;
    expect(url).toBe(`/api/files/${ID}`);
    expect(url).not.toContain('secret-token');
    expect(init.headers).toEqual({ authorization: 'Bearer secret-token' });
  });

  it.each([
    [404, 'FILE_NOT_FOUND'],
    [401, 'UNAUTHORIZED'],
    [500, 'UNAVAILABLE'],
  ])('an answer %d is the failure %s', async (status, error) => {
    const files = source({ fetch: () => Promise.resolve(new Response(null, { status })) });
    expect(await loadFile(ID, files)).toEqual({ ok: false, error });
  });

  it('no network is a failure to show, not an exception', async () => {
    const files = source({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await loadFile(ID, files)).toEqual({ ok: false, error: 'UNAVAILABLE' });
  });

  it('without a token nothing is asked', async () => {
    const files = source({ token: () => null });
    expect(await loadFile(ID, files)).toEqual({ ok: false, error: 'UNAUTHORIZED' });
    expect(files.asked).toEqual([]);
  });
});
