import type { AnyRedirect, NotFoundError } from '@tanstack/react-router';

/**
 * Leaves a route's beforeLoad by a redirect or not-found, which TanStack Router takes as a thrown
 * value; `leave(redirect({ to }))` keeps the target type-checked and tells TypeScript nothing follows.
 */
export function leave(target: AnyRedirect | NotFoundError): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's control flow is a thrown redirect or notFound
  throw target;
}
