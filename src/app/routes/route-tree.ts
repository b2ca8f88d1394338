import { adminIndexRoute, adminRoute } from './admin-route';
import { areaRoutes } from './area-routes';
import { preferencesRoutes } from './preferences-routes';
import { publicRoutes } from './public-routes';
import { rootRoute } from './root-route';
import { workspaceRoutes } from './workspace-routes';

/** The route tree of spec §2, assembled once. */
export const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  adminRoute.addChildren([adminIndexRoute, ...workspaceRoutes, ...areaRoutes, preferencesRoutes]),
]);
