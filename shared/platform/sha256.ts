/** The SHA-256 of a text (UTF-8) in lowercase hex, by Web Crypto: the same in the browser, Node and Deno. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
