/**
 * The most rows one API read returns, whatever limit it asks for: hosted Supabase's PostgREST setting
 * `max_rows` (supabase/config.toml, [api]), which the local server applies the same way to table reads and
 * to functions returning rows. Code that may need more reads page by page.
 */
export const API_MAX_ROWS = 1000;
