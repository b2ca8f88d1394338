/** Where a message's file comes from: the local Blob while it waits for upload, else the server. */
export type FileSource = {
  localBlob: (id: string) => Promise<Blob | undefined>;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  token: () => string | null;
};

export type FileLoadError = 'FILE_NOT_FOUND' | 'UNAUTHORIZED' | 'UNAVAILABLE';
export type FileLoad = { ok: true; blob: Blob } | { ok: false; error: FileLoadError };

/**
 * A file's bytes. Served by GET /api/files/:id with the bearer token in a header — never in the
 * address, where logs and history would keep it — so the page makes an object URL of the Blob.
 */
export async function loadFile(id: string, source: FileSource): Promise<FileLoad> {
  const local = await source.localBlob(id).catch(() => undefined);
  if (local) return { ok: true, blob: local };
  const token = source.token();
  if (!token) return { ok: false, error: 'UNAUTHORIZED' };
  let response: Response;
  try {
    response = await source.fetch(`/api/files/${encodeURIComponent(id)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  } catch {
    return { ok: false, error: 'UNAVAILABLE' }; // offline: the file shows once the network is back
  }
  if (response.status === 404) return { ok: false, error: 'FILE_NOT_FOUND' };
  if (response.status === 401) return { ok: false, error: 'UNAUTHORIZED' };
  if (!response.ok) return { ok: false, error: 'UNAVAILABLE' };
  return { ok: true, blob: await response.blob() };
}
