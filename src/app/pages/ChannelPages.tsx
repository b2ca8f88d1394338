import { useCallback, useMemo, type ReactNode } from 'react';
import { useNavigate, useParams, useRouter } from '@tanstack/react-router';
import type { ChannelLinks, ChannelPlace } from '../../features/channels/channel-links';
import { ChannelCreateScreen } from '../../features/channels/ChannelCreateScreen';
import { ChannelEditScreen } from '../../features/channels/ChannelEditScreen';
import { ChannelsScreen } from '../../features/channels/ChannelsScreen';
import { ChannelTypeScreen } from '../../features/channels/ChannelTypeScreen';
import { isPageType } from '../../features/channels/channel-list';
import { CHANNEL_PAGE_TYPES } from '../../protocol';

/** A channel page's route target: the spec §2 addresses under /admin/preferences/channels. */
function target(place: ChannelPlace) {
  switch (place.page) {
    case 'all':
      return { to: '/admin/preferences/channels/all' } as const;
    case 'list':
      return { to: '/admin/preferences/channels/$type', params: { type: place.type } } as const;
    case 'create':
      return {
        to: '/admin/preferences/channels/$type/create',
        params: { type: place.type },
      } as const;
    case 'edit':
      return {
        to: '/admin/preferences/channels/$type/edit/$id',
        params: { type: place.type, id: place.id },
      } as const;
  }
}

/** Links between the channel pages, built by the router (the screens do not know it). */
function useChannelLinks(): ChannelLinks {
  const router = useRouter();
  const navigate = useNavigate();
  const href = useCallback(
    (place: ChannelPlace) => router.buildLocation(target(place)).href,
    [router],
  );
  const open = useCallback(
    (place: ChannelPlace) => {
      void navigate(target(place));
    },
    [navigate],
  );
  return useMemo(() => ({ href, open }), [href, open]);
}

/** Communication channels: connected and available (the route is guarded by AUTHORITY_SERVICE_ACCOUNT). */
export function ChannelsPage(): ReactNode {
  return <ChannelsScreen links={useChannelLinks()} />;
}

/** One type's list page; the route has already refused a type without one. */
export function ChannelTypePage(): ReactNode {
  const { type } = useParams({ from: '/admin/preferences/channels/$type/' });
  const links = useChannelLinks();
  const connectable = CHANNEL_PAGE_TYPES.find((t) => t === type);
  return connectable ? <ChannelTypeScreen type={connectable} links={links} /> : null;
}

/** A channel's edit page with its tabs. */
export function ChannelEditPage(): ReactNode {
  const { type, id } = useParams({ from: '/admin/preferences/channels/$type/edit/$id' });
  const links = useChannelLinks();
  return isPageType(type) ? (
    <ChannelEditScreen type={type} channelId={id} links={links} appOrigin={location.origin} />
  ) : null;
}

/** A type's create page (its wizard). */
export function ChannelCreatePage(): ReactNode {
  const { type } = useParams({ from: '/admin/preferences/channels/$type/create' });
  const links = useChannelLinks();
  const connectable = CHANNEL_PAGE_TYPES.find((t) => t === type);
  return connectable ? (
    <ChannelCreateScreen type={connectable} links={links} appOrigin={location.origin} />
  ) : null;
}
