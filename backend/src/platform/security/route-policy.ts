import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type { FastifyRequest } from 'fastify';

/**
 * What the request pipeline's steps need to know about a route beyond its method and pattern. It
 * lives in the route's Fastify config (`req.routeOptions.config`), so every kind of route carries it
 * the same way: Nest handlers through {@link RoutePolicy}, the pipeline's own routes through
 * `RequestPipeline.route()`.
 */
export interface RoutePolicy {
  /** false: a state-changing route that does not count against the write limit (callers authenticated by signature). */
  writeLimit?: boolean;
  /**
   * The answer's `Cache-Control` for an /api route: every one is `private, no-store` (API_CACHE_DEFAULT)
   * unless it declares otherwise here (or its handler sets the header itself).
   */
  cacheControl?: string;
  /** The route receives a provider's webhook (`stripe`, `vipps`, `mux`, `postmark`): its failures are counted by provider in the metrics. */
  webhook?: string;
  /**
   * The route's own rate limits, beside the write limit: counted in this order by the pipeline's
   * rate-limit step, on every method (a GET too), before the guards and the body's validation; the
   * first one over its limit refuses the request. Set with {@link RouteLimits}.
   */
  limits?: readonly RouteLimit[];
  /** The route takes a larger body than the server's BODY_LIMIT_BYTES (a caption file): its own limit in bytes. */
  bodyLimit?: number;
}

/**
 * What one counter of a route limit counts by: `client`, the client address (an IPv6 client by its
 * /64); `account`, the signed-in account (`user:<id>`; a request without a session is not counted,
 * the route's guard refuses it); `email`, the account the body's `email` names (every spelling of an
 * address is one key; an address without an account counts by its hash; not counted when the body
 * names none); `param:<name>`, the value of a path parameter.
 */
export type RouteLimitKey = 'client' | 'account' | 'email' | `param:${string}`;

/**
 * The configured rates a limit may name: `writes`, RATE_LIMIT_WRITES per RATE_LIMIT_WINDOW_SECONDS
 * (the write limit's); `login`, RATE_LIMIT_LOGIN per RATE_LIMIT_WINDOW_SECONDS (sign-in attempts);
 * `passwordResetPerIp` and `passwordResetPerAddress`, PASSWORD_RESET_LIMIT_PER_IP and
 * PASSWORD_RESET_LIMIT_PER_ADDRESS per PASSWORD_RESET_WINDOW_SECONDS.
 */
export type ConfiguredRate = 'writes' | 'login' | 'passwordResetPerIp' | 'passwordResetPerAddress';

/** One rate limit of a route ({@link RoutePolicy.limits}). */
export interface RouteLimit {
  /** The counters' name in the table: routes that name the same limit with the same key share its counters. */
  name: string;
  key: RouteLimitKey;
  /** Hits per window, or configured numbers ({@link ConfiguredRate}). */
  rate: { hits: number; windowMs: number } | ConfiguredRate;
  /**
   * Every hit is one statement in the database, so a burst of concurrent hits never passes more than
   * the limit; otherwise hits are batched like the write limit's.
   */
  exact?: boolean;
  /** Counted only when the query gives this parameter a value (a blank one is none). */
  ifQuery?: string;
  /**
   * Counted only for a request the route answers 404 (an id guessed, not known), after its handler:
   * over the limit that answer becomes a 429. A request answered otherwise is neither counted nor
   * refused by this limit, so the clients sharing one address never refuse each other's real requests.
   */
  notFoundOnly?: boolean;
  /** Over the limit the browser is sent here (302, with Retry-After) instead of a 429: for a route a page links to. */
  redirect?: string;
}

declare module 'fastify' {
  /** A route's Fastify config carries its policy (so a plugin that adds its own config keys still accepts it). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RoutePolicy {}
}

/** What an /api answer may be cached as when its route says nothing: not at all, nowhere (accounts, admin data). */
export const API_CACHE_DEFAULT = 'private, no-store';

/** The policy of the route a request matched (empty for a request no route answers). */
export function policyOf(req: FastifyRequest): RoutePolicy {
  return (req.routeOptions.config ?? {}) as RoutePolicy;
}

function addPolicy(handler: object, policy: RoutePolicy): void {
  const config = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ?? {}) as Record<string, unknown>;
  Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...config, ...policy }, handler);
}

/** Declares a Nest route's own rate limits (see {@link RoutePolicy.limits}), counted in the order given. */
export const RouteLimits = (...limits: RouteLimit[]): ClassDecorator & MethodDecorator => RoutePolicy({ limits });

/**
 * Sets a Nest route's policy: on a method, for that route; on a controller, for each of its routes
 * (Nest's own `RouteConfig` reaches Fastify from methods only, so the class form writes it on each).
 */
export function RoutePolicy(policy: RoutePolicy): ClassDecorator & MethodDecorator {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor): void => {
    if (descriptor) return addPolicy(descriptor.value as object, policy);
    const proto = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const member = Object.getOwnPropertyDescriptor(proto, name)?.value as unknown;
      if (name !== 'constructor' && typeof member === 'function') addPolicy(member, policy);
    }
  };
}
