import { describe, expect, it } from 'vitest';
import { COMMAND_TYPES } from '../../src/protocol';
import { COMMAND_HANDLERS } from './command-handlers';

describe('the command handlers the areas declare', () => {
  it.each(COMMAND_TYPES)('%s has a handler', (type) => {
    expect(COMMAND_HANDLERS[type]).toBeTypeOf('function');
  });

  it('handle no type the protocol does not name', () => {
    expect(Object.keys(COMMAND_HANDLERS).sort()).toEqual([...COMMAND_TYPES].sort());
  });
});
