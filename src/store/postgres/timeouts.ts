/** The longest a request waits on the database: for a connection, for each statement, and for the outcome of a COMMIT in doubt. */
export const TIMEOUT_MS = 5_000;
/** The longest `ping` waits. */
export const PING_TIMEOUT_MS = 2_000;
