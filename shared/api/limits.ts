// The API's stated limits, once (issue #16; README "Limits"). Every integer a client can put in a
// path or a query string has a maximum, so no number reaches SQL or arithmetic unbounded: a
// page of 1e23 used to become an OFFSET SQLite refused (a 500).

/** Highest `page` of any list (0-based). Times the largest size it is still a safe integer. */
export const MAX_PAGE = 100_000_000;

/** Largest `size` of any list (seed: Limits). */
export const MAX_PAGE_SIZE = 50;

/** Kipu's own integer ids (branchId): SQLite rowids, far below this. */
export const MAX_ROW_ID = 2_147_483_647;

/** numeroFactura of the SIAT invoice XSDs (maxInclusive 9999999999). */
export const MAX_INVOICE_NUMBER = 9_999_999_999;

/** Nesting of a JSON body: Kipu's deepest body has 3 levels; JSON.parse itself stops near 10,000. */
export const MAX_JSON_DEPTH = 32;

/** Characters of one path parameter (Fastify's default; a UUID or a CUF is far shorter). */
export const MAX_PATH_PARAM_LENGTH = 100;
