/** What a session is set to at its reset (`POST /sandbox/reset` with a JSON body). */
export interface SessionSettings {
  /** A fixed instant (RFC 3339): every timestamp the session makes is this one (or, for updatedAt, the least instant after the stored one). */
  clock?: string;
  /** Ids made from this seed in order (UUID v7 at the session's clock), instead of random ones. */
  seed?: string;
  /** The share of /api requests, 0 to 1, answered 503 `unavailable` instead, storing nothing (drawn from the seed when there is one). */
  failureRate?: number;
  /** The scenario the session starts from (`mocks/scenarios/`, `PUT /sandbox/scenarios/{name}`), instead of the examples' seed. */
  scenario?: string;
}
