import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-path.ts';

/** Answers which methods a path has routes for (none: the path is unknown). */
export type AllowedMethods = (url: string) => readonly string[];

/** A route's path as a regular expression: `:name` and `:name(regex)` parameters, `*` wildcards. */
export function routePattern(url: string): RegExp {
  let source = '';
  for (let index = 0; index < url.length; ) {
    const char = url[index]!;
    if (char === '*') {
      source += '.*';
      index += 1;
    } else if (char === ':' && url[index + 1] !== ':') {
      const name = /^:[A-Za-z0-9_]+/.exec(url.slice(index))![0];
      index += name.length;
      if (url[index] === '(') {
        // The parameter's own pattern, up to its matching parenthesis.
        let depth = 0;
        const start = index;
        for (; index < url.length; index += 1) {
          if (url[index] === '(') depth += 1;
          else if (url[index] === ')' && --depth === 0) break;
        }
        source += url
          .slice(start, index + 1)
          .replace(/^\(\^?/, '(?:')
          .replace(/\$\)$/, ')');
        index += 1;
      } else {
        source += '[^/]+';
      }
    } else {
      const literal = char === ':' ? ':' : char;
      source += literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      index += char === ':' ? 2 : 1;
    }
  }
  return new RegExp(`^${source}/?$`);
}

/**
 * Records every route as it is added (register it before the routes), so that a request with a
 * method a known path lacks can be answered 405 with `Allow` instead of 404 (RFC 9110 §15.5.6).
 */
export function trackAllowedMethods(app: FastifyInstance): AllowedMethods {
  const routes: { pattern: RegExp; methods: readonly string[] }[] = [];
  app.addHook('onRoute', (route) => {
    // Only the API's own routes: the web app's catch-all (`/*`, GET) would match every path.
    if (!isApiPath(route.url)) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    routes.push({ pattern: routePattern(route.url), methods });
  });
  return (url) => {
    const pathname = url.split(/[?#]/, 1)[0] ?? '';
    const allowed = new Set<string>();
    for (const { pattern, methods } of routes) {
      if (pattern.test(pathname)) for (const method of methods) allowed.add(method);
    }
    // Fastify answers HEAD for every GET route.
    if (allowed.has('GET')) allowed.add('HEAD');
    return [...allowed].sort();
  };
}
