import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiError, CommandResult } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { command, sendCommands, type Suite } from './harness';

/**
 * What settings tests do with a command: send it and take its result; send one that must be
 * refused and check that nothing of `stateOf` changed and no event was logged for it.
 */
export function commandChecks(stateOf: (suite: Suite) => Promise<unknown>) {
  async function run(suite: Suite, token: string, type: string, payload: unknown) {
    const [result] = await sendCommands(suite.server, token, [command(type, payload)]);
    if (!result) throw new Error('no result');
    return result;
  }

  /** Sends a command that must be refused; checks nothing was written and returns the error. */
  async function refusal(
    suite: Suite,
    token: string,
    type: string,
    payload: unknown,
  ): Promise<ApiError> {
    const before = await stateOf(suite);
    const sent = command(type, payload);
    const [result] = await sendCommands(suite.server, token, [sent]);
    expect(await stateOf(suite)).toEqual(before);
    const events = await suite.server.database.db
      .select()
      .from(t.events)
      .where(eq(t.events.commandId, sent.id));
    expect(events).toEqual([]);
    if (!result || result.ok) throw new Error(`${type} was not refused: ${JSON.stringify(result)}`);
    return result.error;
  }

  const expectOk = (result: CommandResult) => {
    expect(result.ok ? 'ok' : result.error).toBe('ok');
  };

  return { run, refusal, expectOk };
}
