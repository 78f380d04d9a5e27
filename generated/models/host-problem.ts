/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * A 421 problem naming the `Host` that is not served (`host-not-allowed`).
 */
export interface HostProblem {
    /**
     * The kind of problem: a URI. The types known today are listed in `x-extensible-enum`, each with its meaning and status in `x-enumDescriptions`. The list is open: a later minor version may add a type, so a client branches on `type` where it knows it (not on `title` or `detail`) and treats a type it does not know by its status. 
     */
    'type': string;
    /**
     * A short summary of the kind of problem.
     */
    'title': string;
    /**
     * The HTTP status code, 421.
     */
    'status': number;
    /**
     * Which name, and how to serve it (`ALLOWED_HOSTS`).
     */
    'detail': string;
    /**
     * A request\'s id (see the `X-Request-Id` header).
     */
    'requestId': string;
    /**
     * The `Host` header as sent.
     */
    'host': string;
}

