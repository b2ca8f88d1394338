import type { ReactNode } from 'react';
import { BlacklistScreen } from '../../features/client-settings/BlacklistScreen';

/** Blacklist (spec §2; no guard, spec §6). */
export function BlacklistPage(): ReactNode {
  return <BlacklistScreen />;
}
