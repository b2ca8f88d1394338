import type { CommandPayload, CommandType } from '../../../src/protocol';
import type { CommandScope } from './command-scope';

/** Does one command's work in its scope; a refusal is a thrown DomainError (fail). */
export type CommandHandler<T extends CommandType> = (
  scope: CommandScope,
  payload: CommandPayload<T>,
) => Promise<void>;

/**
 * One area's handlers, by command type. An area declares its map with `satisfies AreaHandlers`,
 * so a key that is not a command type, or a handler taking another command's payload, is a type
 * error where the area declares it.
 */
export type AreaHandlers = { readonly [T in CommandType]?: CommandHandler<T> };

/** Every command type with its handler: what the command path dispatches on. */
export type CommandHandlers = { readonly [T in CommandType]: CommandHandler<T> };

/** The areas' maps as one type, so a command type no area handles shows where they are combined. */
type Combined<A extends AreaHandlers> = (A extends unknown ? (area: A) => void : never) extends (
  area: infer I,
) => void
  ? I
  : never;

/**
 * The areas' maps as one. A command type two areas both handle throws, when the server's modules
 * load: one of the two handlers would otherwise be dropped without a word, depending on the order
 * the areas are listed in.
 */
export function combineAreaHandlers<const A extends readonly AreaHandlers[]>(
  ...areas: A
): Combined<A[number]> {
  const combined: Partial<Record<CommandType, unknown>> = {};
  for (const area of areas)
    for (const type of Object.keys(area) as CommandType[]) {
      if (Object.hasOwn(combined, type))
        throw new Error(`The command type ${type} is handled by two areas`);
      combined[type] = area[type];
    }
  return combined as Combined<A[number]>;
}
