import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { sectionPage } from '../pages/SectionPage';
import { OptionsMissingPage } from '../pages/OptionsMissingPage';
import { adminRoute } from './admin-route';
import { pathId } from './address-ids';
import { ChatsSearchSchema } from './chats-search';

const child = <const P extends string>(path: P) => ({ getParentRoute: () => adminRoute, path });

/** `/admin/chats`: the chat lists, and the open chat beside them (search params: chats-search.ts). */
export const chatsRoute = createRoute({
  ...child('chats'),
  validateSearch: ChatsSearchSchema,
  // Fetched beside the app's script when a token is stored, like the shell (admin-route.tsx).
  component: lazyRouteComponent(() => import('../workspace'), 'ChatsPage'),
});

/**
 * `/admin/clients/$clientId`: a client's full profile and interaction history, a chunk of its own.
 * No guard (spec §6 names none): without the right or the option the profile is read-only.
 */
export const clientRoute = createRoute({
  ...child('clients/$clientId'),
  params: { parse: ({ clientId }) => ({ clientId: pathId(clientId) }) },
  component: lazyRouteComponent(() => import('../pages/ClientPage'), 'ClientPage'),
});

export const workspaceRoutes = [
  chatsRoute,
  clientRoute,
  createRoute({ ...child('ai'), component: sectionPage('section.ai') }),
  createRoute({ ...child('options'), component: OptionsMissingPage }),
  createRoute({ ...child('expanded-search'), component: sectionPage('section.expandedSearch') }),
  createRoute({ ...child('support'), component: sectionPage('section.support') }),
] as const;
