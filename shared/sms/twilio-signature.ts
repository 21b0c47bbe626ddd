/**
 * Twilio's signature on the requests it sends to our webhooks (an incoming text, a delivery status): the
 * X-Twilio-Signature header, base64 of HMAC-SHA1 keyed with the account's auth token over the URL Twilio
 * requested followed by every POST parameter, sorted by name, each name immediately followed by its value.
 * Checking it is how a webhook knows a STOP came from Twilio and not from anyone who found the URL.
 *
 * Web Crypto, so the same code runs in Node, browsers and Deno (the Edge Functions).
 */

const encoder = new TextEncoder();

/** The text Twilio signs: the URL, then each parameter's name and value, by name in code-unit order. */
function signedText(url: string, params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
}

/**
 * Base64 of bytes. btoa is in every runtime this code runs in; it takes one character per byte, which
 * String.fromCharCode gives.
 */
function base64(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

/**
 * The signature Twilio sends with a request to `url` (exactly as configured in Twilio, query string included)
 * with the POST parameters `params`.
 */
export async function twilioSignature(authToken: string, url: string, params: Record<string, string>): Promise<string> {
  // Web Crypto refuses an empty HMAC key anyway; this says why.
  if (authToken === '') throw new RangeError('A Twilio auth token is needed to sign a request');
  const key = await crypto.subtle.importKey('raw', encoder.encode(authToken), { name: 'HMAC', hash: 'SHA-1' }, false, [
    'sign',
  ]);
  return base64(await crypto.subtle.sign('HMAC', key, encoder.encode(signedText(url, params))));
}

/**
 * Whether `signature` (the X-Twilio-Signature header, null or undefined when the request had none) is Twilio's
 * for this request. False without a signature or without a token (a server missing its token must refuse, not
 * let everything in).
 *
 * The comparison looks at every character whatever it finds, so how long it takes tells a forger nothing about
 * how much of a guessed signature was right. Comparing the base64 texts is comparing the HMACs' bytes: base64
 * maps each byte string to one text.
 */
export async function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | null | undefined,
): Promise<boolean> {
  if (!signature || authToken === '') return false;
  const expected = await twilioSignature(authToken, url, params);
  // The lengths are public (a signature is always 28 characters); a difference still counts as a mismatch.
  let difference = expected.length ^ signature.length;
  for (let i = 0; i < expected.length; i++) {
    difference |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  }
  return difference === 0;
}
