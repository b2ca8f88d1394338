import type { AreaHandlers } from '../core/area-handlers';
import { chatClose } from './chat-close';
import { chatCreate } from './chat-create';
import { chatRate } from './chat-rate';
import { chatSetCategory } from './chat-set-category';
import { chatTake } from './chat-take';
import { chatTransfer } from './chat-transfer';

/** A conversation's life: started by staff, taken, transferred, categorized, closed and rated. */
export const chatHandlers = {
  'chat.create': chatCreate,
  'chat.take': chatTake,
  'chat.transfer': chatTransfer,
  'chat.setCategory': chatSetCategory,
  'chat.close': chatClose,
  'chat.rate': chatRate,
} satisfies AreaHandlers;
