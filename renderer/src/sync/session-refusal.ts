/** An error as supabase-js reports it: the API's code and message, and the HTTP status (0: never reached). */
export type ApiError = { message: string; code?: string | undefined; status?: number | undefined };

/**
 * Whether the server refused the request for who sent it, not for what it asked: no valid session went with
 * it (an expired or revoked token, or none, so it went out as anon), or the account lost its rights. Such a
 * request is sent again once the officer's session is renewed; it is never a final answer.
 */
export function isSessionRefusal({ message, code, status }: ApiError): boolean {
  if (status === 401 || status === 403) return true;
  // 42501: permission denied (as anon, or a policy refused the account); PGRST30x: the JWT was refused.
  if (code === '42501' || code?.startsWith('PGRST30')) return true;
  return /\bJWT\b/i.test(message);
}
