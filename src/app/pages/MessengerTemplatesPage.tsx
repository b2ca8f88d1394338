import type { ReactNode } from 'react';
import { MessengerTemplatesScreen } from '../../features/messenger-templates/MessengerTemplatesScreen';

/**
 * Registered WhatsApp templates (spec §2 `templates/whats-app`; spec §6 guards it with nothing, so
 * everyone may read them; writing is the channel administrators', checked by the server).
 */
export function MessengerTemplatesPage(): ReactNode {
  return <MessengerTemplatesScreen />;
}
