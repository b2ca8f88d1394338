import type { Right } from '../../../src/protocol';
import type { Viewer } from '../../auth/viewer';
import type { CommandScope } from './command-scope';
import { fail } from './domain-error';

/** Staff commands need a signed-in staff member; adapters and the system cannot send them. */
export function requireViewer(scope: CommandScope): Viewer {
  if (!scope.viewer) fail('COMMAND_NOT_ALLOWED');
  return scope.viewer;
}

/** A staff member holding a right; anyone else is refused with ACCESS_DENIED. */
export function requireRight(scope: CommandScope, right: Right): Viewer {
  const viewer = requireViewer(scope);
  if (!viewer.rights.has(right)) fail('ACCESS_DENIED');
  return viewer;
}
