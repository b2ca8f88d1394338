import type { AreaHandlers } from '../core/area-handlers';
import { organizationSetTimeZone } from './set-time-zone';

/** Report settings: the organization's time zone (docs/reports.md). */
export const reportHandlers = {
  'organization.setTimeZone': organizationSetTimeZone,
} satisfies AreaHandlers;
