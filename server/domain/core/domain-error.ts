import type { ErrorName, ErrorParams } from '../../../src/protocol';

/** A refusal the user can be told about: a protocol error name and its parameters. */
export class DomainError extends Error {
  constructor(
    readonly errorName: ErrorName,
    readonly params: ErrorParams = {},
  ) {
    super(errorName);
    this.name = 'DomainError';
  }
}

export function fail(name: ErrorName, params?: ErrorParams): never {
  throw new DomainError(name, params);
}
