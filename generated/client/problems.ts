/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by scripts/client/extras.ts.
 * Do not edit: change openapi.yaml and run `make generate`.
 */
import { ResponseError } from './runtime.js';
import type { DraftConflictProblem, HostProblem, Problem, QuotaProblem } from './models/index.js';

/** The problem documents each operation declares, by status. */
export interface OperationProblems {
    checkLiveness: { 400: Problem; 405: Problem; 408: Problem; 431: Problem; 500: Problem; };
    checkReadiness: { 400: Problem; 405: Problem; 408: Problem; 431: Problem; 500: Problem; 503: Problem; };
    scrapeMetrics: { 400: Problem; 405: Problem; 408: Problem; 431: Problem; 500: Problem; };
    createStream: { 400: Problem; 401: Problem; 403: QuotaProblem; 405: Problem; 408: Problem; 409: Problem; 413: Problem; 415: Problem; 421: HostProblem; 422: Problem; 429: Problem; 431: Problem; 500: Problem; 503: Problem; 507: Problem; };
    getNavigationPreferences: { 400: Problem; 401: Problem; 405: Problem; 408: Problem; 421: HostProblem; 431: Problem; 500: Problem; 503: Problem; };
    patchNavigationPreferences: { 400: Problem; 401: Problem; 403: QuotaProblem; 405: Problem; 408: Problem; 412: Problem; 413: Problem; 415: Problem; 421: HostProblem; 429: Problem; 431: Problem; 500: Problem; 503: Problem; 507: Problem; };
    getStream: { 400: Problem; 401: Problem; 404: Problem; 405: Problem; 408: Problem; 421: HostProblem; 431: Problem; 500: Problem; 503: Problem; };
    getNotificationSettings: { 400: Problem; 401: Problem; 405: Problem; 408: Problem; 421: HostProblem; 431: Problem; 500: Problem; 503: Problem; };
    patchNotificationSettings: { 400: Problem; 401: Problem; 403: QuotaProblem; 405: Problem; 408: Problem; 412: Problem; 413: Problem; 415: Problem; 421: HostProblem; 429: Problem; 431: Problem; 500: Problem; 503: Problem; 507: Problem; };
    listDevices: { 400: Problem; 401: Problem; 405: Problem; 408: Problem; 421: HostProblem; 431: Problem; 500: Problem; 503: Problem; };
    registerDevice: { 400: Problem; 401: Problem; 403: QuotaProblem; 405: Problem; 408: Problem; 412: Problem; 413: Problem; 415: Problem; 421: HostProblem; 429: Problem; 431: Problem; 500: Problem; 503: Problem; 507: Problem; };
    getDevice: { 400: Problem; 401: Problem; 404: Problem; 405: Problem; 408: Problem; 421: HostProblem; 431: Problem; 500: Problem; 503: Problem; };
    unregisterDevice: { 400: Problem; 401: Problem; 404: Problem; 405: Problem; 408: Problem; 412: Problem; 421: HostProblem; 429: Problem; 431: Problem; 500: Problem; 503: Problem; };
    getCycleTemplateDraft: { 400: Problem; 401: Problem; 404: Problem; 405: Problem; 408: Problem; 421: HostProblem; 431: Problem; 500: Problem; 503: Problem; };
    saveCycleTemplateDraft: { 400: Problem; 401: Problem; 403: QuotaProblem; 405: Problem; 408: Problem; 409: DraftConflictProblem; 412: Problem; 413: Problem; 415: Problem; 421: HostProblem; 429: Problem; 431: Problem; 500: Problem; 503: Problem; 507: Problem; };
    getIdentitySettings: { 400: Problem; 401: Problem; 404: Problem; 405: Problem; 408: Problem; 421: HostProblem; 431: Problem; 500: Problem; 503: Problem; };
    patchIdentitySettings: { 400: Problem; 401: Problem; 403: QuotaProblem; 405: Problem; 408: Problem; 412: Problem; 413: Problem; 415: Problem; 421: HostProblem; 429: Problem; 431: Problem; 500: Problem; 503: Problem; 507: Problem; };
    markRead: { 400: Problem; 401: Problem; 403: QuotaProblem; 405: Problem; 408: Problem; 413: Problem; 415: Problem; 421: HostProblem; 429: Problem; 431: Problem; 500: Problem; 503: Problem; 507: Problem; };
    listReadMarkers: { 400: Problem; 401: Problem; 405: Problem; 408: Problem; 421: HostProblem; 431: Problem; 500: Problem; 503: Problem; };
}

export type OperationId = keyof OperationProblems;

/** A problem `Op` declares, told apart by `status`: `if (problem?.status === 409) problem.updatedAt`. */
export type ProblemOf<Op extends OperationId> = {
    [S in keyof OperationProblems[Op]]: OperationProblems[Op][S] & { status: S };
}[keyof OperationProblems[Op]];

const DECLARED: { readonly [Op in OperationId]: readonly number[] } = {
    checkLiveness: [400, 405, 408, 431, 500],
    checkReadiness: [400, 405, 408, 431, 500, 503],
    scrapeMetrics: [400, 405, 408, 431, 500],
    createStream: [400, 401, 403, 405, 408, 409, 413, 415, 421, 422, 429, 431, 500, 503, 507],
    getNavigationPreferences: [400, 401, 405, 408, 421, 431, 500, 503],
    patchNavigationPreferences: [400, 401, 403, 405, 408, 412, 413, 415, 421, 429, 431, 500, 503, 507],
    getStream: [400, 401, 404, 405, 408, 421, 431, 500, 503],
    getNotificationSettings: [400, 401, 405, 408, 421, 431, 500, 503],
    patchNotificationSettings: [400, 401, 403, 405, 408, 412, 413, 415, 421, 429, 431, 500, 503, 507],
    listDevices: [400, 401, 405, 408, 421, 431, 500, 503],
    registerDevice: [400, 401, 403, 405, 408, 412, 413, 415, 421, 429, 431, 500, 503, 507],
    getDevice: [400, 401, 404, 405, 408, 421, 431, 500, 503],
    unregisterDevice: [400, 401, 404, 405, 408, 412, 421, 429, 431, 500, 503],
    getCycleTemplateDraft: [400, 401, 404, 405, 408, 421, 431, 500, 503],
    saveCycleTemplateDraft: [400, 401, 403, 405, 408, 409, 412, 413, 415, 421, 429, 431, 500, 503, 507],
    getIdentitySettings: [400, 401, 404, 405, 408, 421, 431, 500, 503],
    patchIdentitySettings: [400, 401, 403, 405, 408, 412, 413, 415, 421, 429, 431, 500, 503, 507],
    markRead: [400, 401, 403, 405, 408, 413, 415, 421, 429, 431, 500, 503, 507],
    listReadMarkers: [400, 401, 405, 408, 421, 431, 500, 503],
};

/**
 * The RFC 9457 problem a failed call was answered with. Given the operation's id,
 * typed by what that operation declares for the status, and undefined when the
 * status is not one it declares; undefined too when `error` is not an HTTP error
 * with a problem body (`application/problem+json` whose `status` is the response's).
 */
export async function problemOf(error: unknown): Promise<Problem | undefined>;
export async function problemOf<Op extends OperationId>(error: unknown, operationId: Op): Promise<ProblemOf<Op> | undefined>;
export async function problemOf(error: unknown, operationId?: OperationId): Promise<Problem | undefined> {
    if (!(error instanceof ResponseError)) return undefined;
    const { response } = error;
    if (!(response.headers.get('content-type') ?? '').startsWith('application/problem+json')) return undefined;
    if (operationId !== undefined && !(Object.hasOwn(DECLARED, operationId) && DECLARED[operationId].includes(response.status))) return undefined;
    const body: unknown = await response.clone().json().catch(() => undefined);
    return isProblem(body) && body.status === response.status ? body : undefined;
}

function isProblem(body: unknown): body is Problem {
    if (typeof body !== 'object' || body === null) return false;
    const { type, title, status } = body as Record<string, unknown>;
    return typeof type === 'string' && typeof title === 'string' && typeof status === 'number';
}
