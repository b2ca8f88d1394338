import type { ReactNode } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { MergeScreen } from '../../features/client-settings/MergeScreen';

const mergeApi = getRouteApi('/admin/preferences/merge-contacts');

/**
 * Contact merge (spec §2; no guard, spec §6). `?clientId=`, checked at the route, is the profile a
 * "Merge with another profile" link came from: it starts as the first profile.
 */
export function MergeContactsPage(): ReactNode {
  const { clientId } = mergeApi.useSearch();
  // A new id in the address (another profile's link) starts the page afresh.
  return <MergeScreen key={clientId ?? ''} initialClientId={clientId} />;
}
