import type { FastifyRequest } from 'fastify';
import { BUCKET_NAMES, DEFAULT_BUCKETS, type BucketName } from './buckets.ts';

/** What the API's hooks need to know about a route: Discord's template for it, and its rate-limit bucket. */
export interface ApiRouteConfig {
  /** e.g. `PATCH /guilds/{guild.id}/members/{user.id}` */
  route: string;
  bucket: BucketName | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the Discord simulator's API routes. */
    discordRoute?: ApiRouteConfig;
  }
}

/** Route options for an API route named by Discord's template; its bucket is the one that lists it. */
export function apiRoute(route: string): { config: { discordRoute: ApiRouteConfig } } {
  const bucket = BUCKET_NAMES.find((name) => (DEFAULT_BUCKETS[name].routes as readonly string[]).includes(route));
  return { config: { discordRoute: { route, bucket } } };
}

/** The route's config, or undefined for a request no API route matched. */
export function routeConfigOf(request: FastifyRequest): ApiRouteConfig | undefined {
  return request.routeOptions.config?.discordRoute;
}
