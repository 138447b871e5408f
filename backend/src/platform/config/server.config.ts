import { isIP } from 'node:net';
import type { EnvReader, NodeEnv } from './env-reader';

/** The server itself: NODE_ENV, PORT, HOST, PUBLIC_URL, TRUST_PROXY, BODY_LIMIT_BYTES, LOG_LEVEL, SHUTDOWN_DRAIN_MS, STATIC_ROOT. */
export interface ServerConfig {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  publicUrl: string;
  publicOrigin: string;
  secureCookies: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Which proxies' X-Forwarded-For is believed (Fastify's trustProxy): false (none, the default), a hop
   * count (the client is that many addresses back from the connection), or the proxies' addresses/CIDRs.
   */
  trustProxy: false | number | string[];
  bodyLimitBytes: number;
  /** After SIGTERM: how long the server keeps serving (health answering 503) before it closes. */
  shutdownDrainMs: number;
  staticRoot: string | null;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Names proxy-addr knows for ranges of addresses (a proxy on the same host, or in a private network). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validProxyAddress(x: string): boolean {
  if (PROXY_RANGE_NAMES.has(x)) return true;
  const [addr, prefix, ...rest] = x.split('/');
  const kind = isIP(addr);
  if (kind === 0 || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (kind === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, `false` or `0` trusts no proxy; a hop count (`1`: one proxy in front) or a
 * comma-separated list of proxy addresses, CIDRs or range names trusts those. `true` (believe every
 * X-Forwarded-For, so any client could pick its own address) is refused.
 */
function readTrustProxy(env: EnvReader): false | number | string[] {
  const v = env.str('TRUST_PROXY');
  if (v === null || v.toLowerCase() === 'false' || v === '0') return false;
  if (v.toLowerCase() === 'true') {
    env.problem(
      'TRUST_PROXY: "true" stoler på X-Forwarded-For fra hvem som helst. Oppgi antall proxyer foran tjenesten ' +
        '(f.eks. 1) eller adressene deres (f.eks. 10.0.0.5,10.1.0.0/16)',
    );
    return false;
  }
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    if (n > 10) env.problem(`TRUST_PROXY: et antall proxyer mellom 0 og 10, fikk ${n}`);
    return n;
  }
  const list = v.split(',').map((x) => x.trim());
  const bad = list.filter((x) => !validProxyAddress(x));
  if (bad.length) {
    env.problem(
      `TRUST_PROXY: antall proxyer (f.eks. 1) eller en kommaseparert liste med IP-adresser/CIDR, fikk "${bad.join(', ')}"`,
    );
    return false;
  }
  return list;
}

export function readServer(env: EnvReader): ServerConfig {
  const port = env.int('PORT', 3000, 0, 65535);
  const local = `http://localhost:${port}`;
  let publicUrl = env.url('PUBLIC_URL', local).replace(/\/+$/, '');
  let publicOrigin = publicUrl;
  try {
    publicOrigin = new URL(publicUrl).origin;
  } catch {
    publicUrl = local;
    publicOrigin = local;
  }
  return {
    nodeEnv: env.nodeEnv,
    port,
    host: env.str('HOST') ?? '0.0.0.0',
    publicUrl,
    publicOrigin,
    secureCookies: publicUrl.startsWith('https://'),
    logLevel: env.oneOf('LOG_LEVEL', LOG_LEVELS, env.nodeEnv === 'test' ? 'warn' : 'info', `en av ${LOG_LEVELS.join(', ')}`),
    trustProxy: readTrustProxy(env),
    bodyLimitBytes: env.int('BODY_LIMIT_BYTES', 65536, 1024, 10 * 1024 * 1024),
    shutdownDrainMs: env.int('SHUTDOWN_DRAIN_MS', 1000, 0, 60_000),
    staticRoot: env.str('STATIC_ROOT'),
  };
}
