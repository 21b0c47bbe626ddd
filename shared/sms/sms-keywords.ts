/**
 * What a reply to one of our texts asks for, read from its words.
 *
 * The words are the standard keywords of US text messaging: the opt-out, opt-in and help words the carriers
 * and the CTIA messaging guidelines expect every sender to honour, as US messaging providers (Twilio among them)
 * act on them, together with REVOKE and OPT OUT, which the FCC's 2024 rule on revoking consent names as plain
 * ways of saying no more texts. A reply counts only when it is the keyword alone, as providers read it: a
 * sentence that happens to contain 'stop' is a message, not an opt-out.
 */

const keywords: ReadonlyMap<string, 'stop' | 'start' | 'help'> = new Map([
  ...['STOP', 'STOPALL', 'STOP ALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'OPT OUT', 'REVOKE'].map(
    (word) => [word, 'stop'] as const,
  ),
  ...['START', 'UNSTOP', 'YES', 'OPTIN', 'OPT IN'].map((word) => [word, 'start'] as const),
  ...['HELP', 'INFO'].map((word) => [word, 'help'] as const),
]);

/**
 * The keyword a reply is, or null for any other text. Case, surrounding spaces and punctuation ('Stop.',
 * ' STOP!! ', '"stop"') and the spacing inside the two-word ones ('opt  out', 'opt-out', 'Stop all') make no
 * difference: someone who means STOP is taken at their word however they type it.
 */
export function inboundKeyword(body: string): 'stop' | 'start' | 'help' | null {
  const words = body
    .toUpperCase()
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
    .replace(/[\s_-]+/g, ' ');
  return keywords.get(words) ?? null;
}
