/** The message of an error (an Error or a { message } object such as a supabase-js error), or the fallback. */
export function errorMessageOr(error: unknown, fallback: string): string {
  const message =
    typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
      ? error.message
      : '';
  return message || fallback;
}
