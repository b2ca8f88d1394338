import type {
  CommandEnvelope,
  CommandResult,
  ErrorName,
  ErrorParams,
  Right,
} from '../../src/protocol';
import type { Viewer } from '../auth/viewer';
import { DomainError } from '../domain/core/domain-error';
import type { CommandCaller } from '../domain/execute-command';

/**
 * The shapes instances send each other over NATS when one forwards commands to the home of their
 * organization (command-router.ts). Only instances of this server speak it, on the deployment's own
 * NATS; a message that does not parse is answered as failed, never run.
 */

/** A caller as JSON: the viewer's rights as a list. */
type WireCaller = Omit<CommandCaller, 'viewer'> & {
  viewer: (Omit<Viewer, 'rights'> & { rights: Right[] }) | null;
};
export type ForwardedCommands = { caller: WireCaller; commands: CommandEnvelope[] };

/** What became of one forwarded command: its result, a refusal, or a failure. */
export type ForwardedOutcome =
  | { result: CommandResult }
  | { refused: { name: ErrorName; params: ErrorParams } }
  | { failed: string };

export function forwardedBody(caller: CommandCaller, commands: readonly CommandEnvelope[]): string {
  const body: ForwardedCommands = {
    caller: {
      ...caller,
      viewer: caller.viewer ? { ...caller.viewer, rights: [...caller.viewer.rights] } : null,
    },
    commands: [...commands],
  };
  return JSON.stringify(body);
}

/** The caller and commands of a forwarded body, or null when it is not one. */
export function readForwarded(
  text: string,
): { caller: CommandCaller; commands: CommandEnvelope[] } | null {
  let body: Partial<ForwardedCommands> | null;
  try {
    body = JSON.parse(text) as Partial<ForwardedCommands> | null;
  } catch {
    return null;
  }
  const caller = body?.caller;
  if (
    !body ||
    !caller ||
    typeof caller.orgId !== 'string' ||
    typeof caller.actor !== 'object' ||
    !Array.isArray(body.commands)
  )
    return null;
  const viewer = caller.viewer ? { ...caller.viewer, rights: new Set(caller.viewer.rights) } : null;
  return { caller: { ...caller, viewer }, commands: body.commands };
}

/** Each command's promise settled into an outcome that travels as JSON. */
export async function outcomesOf(running: Promise<CommandResult>[]): Promise<ForwardedOutcome[]> {
  return Promise.all(
    running.map((one) =>
      one.then(
        (result): ForwardedOutcome => ({ result }),
        (error: unknown): ForwardedOutcome =>
          error instanceof DomainError
            ? { refused: { name: error.errorName, params: error.params } }
            : { failed: error instanceof Error ? error.message : String(error) },
      ),
    ),
  );
}

/** An outcome back as the promise the local queue would have given: a refusal as DomainError. */
export function settle(outcome: ForwardedOutcome | undefined): Promise<CommandResult> {
  if (!outcome) return Promise.reject(new Error('no outcome for a forwarded command'));
  if ('result' in outcome) return Promise.resolve(outcome.result);
  if ('refused' in outcome)
    return Promise.reject(new DomainError(outcome.refused.name, outcome.refused.params));
  return Promise.reject(new Error(`forwarded command failed: ${outcome.failed}`));
}
