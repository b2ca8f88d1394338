import { useEffect, useMemo, useState } from 'react';
import { useStore } from './hooks';
import { loadFile, type FileLoadError, type FileSource } from './file-fetch';

/**
 * The file source of this session: the local `files` table (a file still waiting for upload),
 * then GET /api/files/:id with the bearer token `token` reads at each fetch.
 */
export function useFileSource(token: () => string | null): FileSource {
  const db = useStore();
  return useMemo(
    () => ({
      localBlob: async (id) => (await db.files.get(id))?.blob,
      fetch: (url, init) => fetch(url, init),
      token,
    }),
    [db, token],
  );
}

export type FileUrl =
  | { state: 'loading' }
  | { state: 'ready'; url: string }
  | { state: 'failed'; error: FileLoadError };

/** An object URL for a file while the caller is shown; revoked when it goes. */
export function useFileUrl(id: string, source: FileSource): FileUrl {
  const [result, setResult] = useState<FileUrl>({ state: 'loading' });
  useEffect(() => {
    let url: string | null = null;
    let gone = false;
    setResult({ state: 'loading' });
    void loadFile(id, source).then((loaded) => {
      if (gone) return;
      if (!loaded.ok) {
        setResult({ state: 'failed', error: loaded.error });
        return;
      }
      url = URL.createObjectURL(loaded.blob);
      setResult({ state: 'ready', url });
    });
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, source]);
  return result;
}
