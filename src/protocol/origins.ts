import * as v from 'valibot';

/** Longer than any origin a browser sends for a real site; bounds what settings may hold. */
const ORIGIN_MAX_LENGTH = 300;

/** Origins one site-chat channel may list: a company's sites, their staging copies, a few more. */
export const ALLOWED_ORIGINS_MAX = 50;

/**
 * A host a browser puts in an Origin header: a DNS name in ASCII (an IDN arrives as punycode, as
 * the URL parser gives it), an IPv4 address or a bracketed IPv6 one. Anything else, a `*` above
 * all, is refused: origins are exact, never patterns, so a list can be read at a glance and a
 * look-alike domain never slips through a wildcard.
 */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

/**
 * The one spelling of a web origin, `scheme://host[:port]`, as browsers send it in the Origin
 * header: http or https only, host lower-case (the URL parser also turns an IDN into punycode),
 * the scheme's default port dropped, no user, path, query or fragment. A trailing slash is
 * forgiven, as people paste a site's address with one; any other path is not an origin. Answers
 * null for anything that is not an origin; applying it to its own answer changes nothing.
 */
export function normalizeOrigin(raw: string): string | null {
  const text = raw.trim();
  if (text === '' || text.length > ORIGIN_MAX_LENGTH) return null;
  // Only `scheme://host[:port]` with an optional trailing slash: the URL parser alone would
  // accept a path, a query, credentials or a scheme-relative form and silently drop them.
  if (!/^https?:\/\/[^/?#@\\\s]+\/?$/i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!HOST.test(url.hostname)) return null;
  return url.origin;
}

/** An origin typed by an administrator, normalised; `INVALID_ORIGIN_FORMAT` when it is not one. */
export const OriginSchema = v.pipe(
  v.string(),
  v.check((value) => normalizeOrigin(value) !== null, 'INVALID_ORIGIN_FORMAT'),
  v.transform((value) => normalizeOrigin(value) ?? value),
);

/**
 * `allowedOrigins` of a site-chat channel's settings: the origins of the pages that may embed its
 * widget, besides the server's own. Each is normalised and a repeat is dropped, so the stored list
 * is what the server compares Origin headers against, byte for byte.
 */
export const AllowedOriginsSchema = v.pipe(
  v.array(OriginSchema),
  v.maxLength(ALLOWED_ORIGINS_MAX),
  v.transform((origins) => [...new Set(origins)]),
);

/**
 * The allowed origins a channel's stored settings hold, normalised. Settings are free-form JSON
 * (written before this rule, or by hand): anything that is not a list of origins counts as none.
 */
export function allowedOriginsOf(settings: Readonly<Record<string, unknown>>): string[] {
  const stored = settings.allowedOrigins;
  if (!Array.isArray(stored)) return [];
  const origins = stored.flatMap((entry) => {
    const origin = typeof entry === 'string' ? normalizeOrigin(entry) : null;
    return origin === null ? [] : [origin];
  });
  return [...new Set(origins)];
}
