import { createContext, useContext, type ReactNode } from 'react';
import type { Right } from '../../protocol';

/**
 * What the chat screen needs from the app around it: who is looking, how to open another chat
 * (an address, so rows are real links and the back button works), and the two things that are
 * not live queries — fetching a closed chat's thread once, and the token for file downloads —
 * and the client profile, an area of its own (features/clients) that the app renders into the
 * chat's panel, since features never import each other.
 */
export type ChatWorkspace = {
  viewerId: string;
  rights: ReadonlySet<Right>;
  chatHref: (chatId: string) => string;
  openChat: (chatId: string) => void;
  closeChat: () => void;
  fetchChat: (chatId: string) => Promise<void>;
  fileToken: () => string | null;
  /** The client's editable profile, with a link to its full view. */
  clientProfile: (clientId: string) => ReactNode;
};

export const ChatWorkspaceContext = createContext<ChatWorkspace | null>(null);

export function useChatWorkspace(): ChatWorkspace {
  const workspace = useContext(ChatWorkspaceContext);
  if (!workspace) throw new Error('useChatWorkspace outside a ChatWorkspaceContext provider');
  return workspace;
}
