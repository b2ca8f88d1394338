import { isIP } from 'node:net';

/** Settings from the environment; nothing set means the embedded database and the demo data. */
export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  staticDir: string;
  demo: boolean;
  /** The proxies whose X-Forwarded-For is believed; empty trusts nobody. */
  trustProxy: string[];
  /**
   * The address providers reach this server at (PUBLIC_URL, e.g. https://chat.example.com): with
   * it, channel adapters register webhooks; without it they poll (docs/channels.md).
   */
  publicUrl: string | null;
  /**
   * NATS, where instances sharing one PostgreSQL send each organization's commands to one home
   * (NATS_URL, e.g. nats://127.0.0.1:4222; docs/server-core.md "One home per organization").
   * Without it every instance runs the commands it receives.
   */
  natsUrl: string | null;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not ${env.PORT ?? ''}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? './data',
    staticDir: env.STATIC_DIR ?? './dist/app',
    demo: env.DEMO !== 'false',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: env.PUBLIC_URL ? parseHttpUrl('PUBLIC_URL', env.PUBLIC_URL) : null,
    natsUrl: env.NATS_URL || null,
  };
}

/** An http(s) address without a trailing slash, or a start-up error naming the setting. */
export function parseHttpUrl(setting: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${setting} must be an http or https address, not ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${setting} must be an http or https address, not ${value}`);
  if (url.search !== '' || url.hash !== '')
    throw new Error(`${setting} must have no query or fragment`);
  return url.toString().replace(/\/+$/, '');
}

/** Ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: comma-separated addresses and CIDR ranges of the proxies in front of the server
 * (`10.0.0.0/8, 192.0.2.10`), or the named ranges loopback, linklocal, uniquelocal. Only these
 * are believed about who a client is; "true", "*" or a hop count are refused, as they would let
 * any client name its own address and so lift every per-address limit.
 */
export function parseTrustProxy(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!isProxyRange(entry))
      throw new Error(
        `TRUST_PROXY: "${entry}" is not an address, a CIDR range or one of ${NAMED_RANGES.join(', ')}`,
      );
  }
  return entries;
}

function isProxyRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= bits;
}
