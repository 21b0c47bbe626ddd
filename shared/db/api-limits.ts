/**
 * The most rows one API read returns, whatever limit it asks for: hosted Supabase's PostgREST setting
 * `max_rows` (supabase/config.toml, [api]), which the local server applies the same way to table reads and
 * to functions returning rows. Code that may need more reads page by page.
 */
export const API_MAX_ROWS = 1000;

/**
 * The error code of a request refused for its rate (HTTP 429, with Retry-After): Supabase Auth's code, which
 * server/ answers for its limits on /auth/v1 and on visitors' submissions through /rest/v1, so that the web
 * app tells a rate limit apart by one code.
 */
export const RATE_LIMIT_ERROR_CODE = 'over_request_rate_limit';

/**
 * The longest a signed link to a stored document lives when an applicant or an officer asks for one: the apps ask
 * for one as the document is opened, so a link that leaks (a browser history, a forwarded address) is dead a
 * minute later. The functions (service role) sign longer links for lenders' packages.
 */
export const SIGNED_URL_MAX_SECONDS = 60;
