import { combineAreaHandlers, type CommandHandlers } from './core/area-handlers';
import { chatHandlers } from './chats/handlers';
import { clientHandlers } from './clients/handlers';
import { distributionHandlers } from './distribution/handlers';
import { messageHandlers } from './messages/handlers';
import { peopleHandlers } from './people/handlers';
import { categoryHandlers } from './categories/handlers';
import { templateHandlers } from './templates/handlers';
import { messengerTemplateHandlers } from './messenger-templates/handlers';
import { chatbotHandlers } from './chatbots/handlers';
import { reportHandlers } from './reports/handlers';
import { channelHandlers, channelPreparers } from './channels/handlers';
import type { AreaPreparers } from './core/command-prepare';

/**
 * Every command's handler, gathered from the areas. A command type no area handles is a type error
 * here; one that two areas handle throws as the server loads.
 */
export const COMMAND_HANDLERS: CommandHandlers = combineAreaHandlers(
  chatHandlers,
  messageHandlers,
  peopleHandlers,
  distributionHandlers,
  clientHandlers,
  channelHandlers,
  categoryHandlers,
  templateHandlers,
  messengerTemplateHandlers,
  chatbotHandlers,
  reportHandlers,
);

/**
 * The prepare steps of the commands that have one (server/domain/core/command-prepare.ts): work
 * before the transaction, such as asking a channel's provider whether a token works.
 */
export const COMMAND_PREPARERS: AreaPreparers = { ...channelPreparers };
