import * as v from 'valibot';
import { commandArea } from './command-area';

/**
 * The organization's report time zone: an IANA name such as `Europe/Moscow`. Whether the runtime
 * knows the zone is the handler's to say (VALIDATION_FAILED at `timeZone`, checked with
 * `isTimeZone`), so the schema only bounds what it reads.
 */
export const OrganizationSetTimeZonePayload = v.object({
  timeZone: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
});

/** Report settings (docs/reports.md). */
export const REPORT_COMMANDS = commandArea(
  { 'organization.setTimeZone': OrganizationSetTimeZonePayload },
  ['organization.setTimeZone'],
);
