import { useEffect, useMemo, useState } from 'react';
import { useStore } from '../../store/hooks';
import { useChatWorkspace } from './chat-workspace';
import { loadFile, type FileLoadError, type FileSource } from './file-fetch';

/** The file source of this session: the local `files` table, then GET /api/files/:id. */
export function useFileSource(): FileSource {
  const db = useStore();
  const { fileToken } = useChatWorkspace();
  return useMemo(
    () => ({
      localBlob: async (id) => (await db.files.get(id))?.blob,
      fetch: (url, init) => fetch(url, init),
      token: fileToken,
    }),
    [db, fileToken],
  );
}

export type FileUrl =
  | { state: 'loading' }
  | { state: 'ready'; url: string }
  | { state: 'failed'; error: FileLoadError };

/** An object URL for a file while the caller is shown; revoked when it goes. */
export function useFileUrl(id: string): FileUrl {
  const source = useFileSource();
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

/** Downloads a file under its own name, through an object URL that is let go right after. */
export async function downloadFile(
  id: string,
  name: string,
  source: FileSource,
): Promise<FileLoadError | null> {
  const loaded = await loadFile(id, source);
  if (!loaded.ok) return loaded.error;
  const url = URL.createObjectURL(loaded.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the URL once the click is handled; a moment later it can go.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
  return null;
}
