/**
 * The message in the body of a function call's error answer ({ error: '...' }), when it has one: supabase-js
 * keeps the Response of a non-2xx answer as the error's context.
 */
export async function functionErrorMessage(error: unknown): Promise<string | undefined> {
  const context = (error as { context?: Response } | null)?.context;
  if (!context || typeof context.json !== 'function') return undefined;
  try {
    const body = (await context.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : undefined;
  } catch {
    return undefined;
  }
}
