import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { sectionPage } from '../pages/SectionPage';
import { OptionsMissingPage } from '../pages/OptionsMissingPage';
import { adminRoute } from './admin-route';
import { ChatsSearchSchema } from './chats-search';

const child = <const P extends string>(path: P) => ({ getParentRoute: () => adminRoute, path });

/** `/admin/chats`: the chat lists, and the open chat beside them (search params: chats-search.ts). */
export const chatsRoute = createRoute({
  ...child('chats'),
  validateSearch: ChatsSearchSchema,
  // Fetched beside the app's script when a token is stored, like the shell (admin-route.tsx).
  component: lazyRouteComponent(() => import('../workspace'), 'ChatsPage'),
});

export const workspaceRoutes = [
  chatsRoute,
  createRoute({ ...child('ai'), component: sectionPage('section.ai') }),
  createRoute({ ...child('options'), component: OptionsMissingPage }),
  createRoute({ ...child('expanded-search'), component: sectionPage('section.expandedSearch') }),
  createRoute({ ...child('support'), component: sectionPage('section.support') }),
] as const;
