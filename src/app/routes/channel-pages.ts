import { CHANNEL_PAGE_TYPES, type ChannelType } from '../../protocol';

/** The support channel is made by the platform: it has an edit page only. */
export const EDIT_ONLY_CHANNEL_TYPES = ['support'] as const satisfies readonly ChannelType[];

export type ChannelPageType =
  (typeof CHANNEL_PAGE_TYPES)[number] | (typeof EDIT_ONLY_CHANNEL_TYPES)[number];
export type ChannelPage = 'list' | 'create' | 'edit';

/** The channel type of a URL segment when that type has the page asked for; null means not found. */
export function channelPageType(segment: string, page: ChannelPage): ChannelPageType | null {
  if ((CHANNEL_PAGE_TYPES as readonly string[]).includes(segment))
    return segment as ChannelPageType;
  if (page === 'edit' && (EDIT_ONLY_CHANNEL_TYPES as readonly string[]).includes(segment))
    return segment as ChannelPageType;
  return null;
}
