/** Routes match paths exactly as written: `/API/…`, `/api//…` and `/api/…/` match none. */
export const EXACT_ROUTING = { caseSensitive: true, strict: true } as const;
