import { combineAreaHandlers, type CommandHandlers } from './core/area-handlers';
import { chatHandlers } from './chats/handlers';
import { clientHandlers } from './clients/handlers';
import { distributionHandlers } from './distribution/handlers';
import { messageHandlers } from './messages/handlers';
import { peopleHandlers } from './people/handlers';

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
);
