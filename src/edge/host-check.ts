import type { RequestHandler } from 'express';
import { HttpProblem } from '../errors/problem.js';

/** The names of this machine: a browser reaches them only from a page on this machine. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** The probes say nothing of anyone's data, and balancers and scrapers reach them by address. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Where nothing authenticates a request (the service without a token setting, the
 * sandbox), only these Host names are served, on any port: a page elsewhere whose
 * name is made to resolve to this machine (DNS rebinding) is then refused before
 * anything is done, as Vite's `server.allowedHosts` refuses it. `allowed` holds
 * names (matched exactly, case-insensitively) and `.suffix` patterns (the name and
 * every name under it), beside the loopback names.
 */
export function allowHosts(allowed: readonly string[]): RequestHandler {
  const isAllowed = hostAllowed(allowed);
  let lastAllowed: string | undefined; // most requests come with the Host of the one before
  return (req, _res, next) => {
    const host = req.headers.host ?? '';
    if (host === lastAllowed) return next();
    if (isAllowed(host)) {
      lastAllowed = host;
      return next();
    }
    if (PROBES.has(req.path)) return next();
    throw hostNotAllowed(host);
  };
}

/** Whether a Host header (with or without its port) names this machine or one of `allowed` (see allowHosts). */
export function hostAllowed(allowed: readonly string[]): (host: string) => boolean {
  const names = new Set([...LOOPBACK_HOSTS, ...allowed.filter((name) => !name.startsWith('.'))]);
  const suffixes = allowed.filter((name) => name.startsWith('.'));
  return (host) => {
    const name = hostName(host).toLowerCase();
    return names.has(name) || suffixes.some((suffix) => name.endsWith(suffix) || name === suffix.slice(1));
  };
}

/** Whether a path is a probe, served under any Host. */
export const isProbe = (path: string): boolean => PROBES.has(path);

/** The 421 for a Host not served. */
export function hostNotAllowed(host: string): HttpProblem {
  return new HttpProblem(
    'host-not-allowed',
    `This service serves only the Host names of this machine and those in ALLOWED_HOSTS, not ${JSON.stringify(host)}: without ` +
      'authentication, another name could be a web page made to reach it (DNS rebinding). To serve that name, add it to ALLOWED_HOSTS.',
    { extensions: { host } },
  );
}

/** The Host header without its port: `name`, `1.2.3.4` or `[v6]`. */
function hostName(host: string): string {
  const port = /:\d*$/.exec(host);
  return port && (!host.startsWith('[') || host.lastIndexOf(']') < port.index) ? host.slice(0, port.index) : host;
}
