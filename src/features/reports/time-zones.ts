/**
 * The IANA zones the organization's setting offers: the runtime's own list (every zone it can
 * compute days in, so every choice is one the server's `isTimeZone` accepts too), with the
 * current setting kept even if this browser's list lacks it, UTC first, the rest by name.
 */
export function timeZoneChoices(current: string, supported: readonly string[]): string[] {
  const zones = new Set(supported);
  zones.add(current);
  zones.delete('UTC');
  return ['UTC', ...[...zones].sort((a, b) => a.localeCompare(b))];
}

/** The zones this browser knows; an old runtime without `supportedValuesOf` offers the few named. */
export function supportedTimeZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
}
