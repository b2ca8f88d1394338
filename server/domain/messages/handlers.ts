import type { AreaHandlers } from '../core/area-handlers';
import { messageReceive } from './message-receive';
import { messageSend } from './message-send';
import { messageSendTemplate } from './message-send-template';

/** Messages in both directions: staff replies and notes, and customers' messages from channels. */
export const messageHandlers = {
  'message.send': messageSend,
  'message.receive': messageReceive,
  'message.sendTemplate': messageSendTemplate,
} satisfies AreaHandlers;
