import type { AreaHandlers } from '../core/area-handlers';
import { chatbotDelete } from './chatbot-delete';
import { chatbotSave } from './chatbot-save';
import { chatbotPublish, chatbotRestore } from './chatbot-versions';

/** Chat bots (docs/chatbots.md). */
export const chatbotHandlers = {
  'chatbot.save': chatbotSave,
  'chatbot.publish': chatbotPublish,
  'chatbot.restore': chatbotRestore,
  'chatbot.delete': chatbotDelete,
} satisfies AreaHandlers;
