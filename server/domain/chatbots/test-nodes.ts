import { newId, type BotNode } from '../../../src/protocol';

/** A scenario node for tests: nothing said, nothing offered, unless `fields` says so. */
export const botNode = (fields: Partial<BotNode>, id: () => string = newId): BotNode => ({
  id: id(),
  title: 'Node',
  reply: { text: '', fileId: null },
  buttons: [],
  intents: [],
  triggers: [],
  defaultNext: null,
  action: { kind: 'none' },
  position: { x: 0, y: 0 },
  ...fields,
});
