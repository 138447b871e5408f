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
