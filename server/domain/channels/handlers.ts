import type { AreaHandlers } from '../core/area-handlers';
import type { AreaPreparers } from '../core/command-prepare';
import { channelCreate, channelSetActive, channelUpdate } from './channel-save';
import { prepareChannelCreate, prepareChannelUpdate } from './channel-credentials';

/** Connecting and configuring channels (spec §2, §3). */
export const channelHandlers = {
  'channel.create': channelCreate,
  'channel.update': channelUpdate,
  'channel.setActive': channelSetActive,
} satisfies AreaHandlers;

/** The saves that ask a channel's provider first, outside the transaction. */
export const channelPreparers = {
  'channel.create': prepareChannelCreate,
  'channel.update': prepareChannelUpdate,
} satisfies AreaPreparers;
