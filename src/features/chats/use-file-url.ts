import { loadFile, type FileLoadError, type FileSource } from '../../store/file-fetch';
import { saveBlob } from '../../ui/save-blob';
import {
  useFileSource as useStoreFileSource,
  useFileUrl as useStoreFileUrl,
} from '../../store/file-url';
import type { FileUrl } from '../../store/file-url';
import { useChatWorkspace } from './chat-workspace';

export type { FileUrl };

/** The file source of the chat workspace: its session's token. */
export function useFileSource(): FileSource {
  return useStoreFileSource(useChatWorkspace().fileToken);
}

/** An object URL for a chat's file while the caller is shown; revoked when it goes. */
export function useFileUrl(id: string): FileUrl {
  return useStoreFileUrl(id, useFileSource());
}

/** Downloads a file under its own name, through an object URL that is let go right after. */
export async function downloadFile(
  id: string,
  name: string,
  source: FileSource,
): Promise<FileLoadError | null> {
  const loaded = await loadFile(id, source);
  if (!loaded.ok) return loaded.error;
  saveBlob(loaded.blob, name);
  return null;
}
