/**
 * Hostile input: what a person could type into any field to attack whoever reads it later, a browser (script and HTML),
 * a markdown renderer (links), a spreadsheet (formulas), a reader's eyes (right-to-left override) or a layout (a value
 * far longer than any real one). Tests put each one into every field a person can type and check every place it is
 * shown: no execution, the value kept exactly as typed.
 */

/** window.__pwned is set by any of these that runs. */
export const PWNED_FLAG = '__pwned';

export const hostileInputs = [
  { name: 'image with onerror', value: `<img src=x onerror="window.${PWNED_FLAG}=1">` },
  { name: 'script element', value: `<script>window.${PWNED_FLAG}=1</script>` },
  { name: 'javascript: URL', value: `javascript:window.${PWNED_FLAG}=1` },
  { name: 'markdown link', value: `[click me](javascript:window.${PWNED_FLAG}=1)` },
  { name: 'spreadsheet formula', value: '=HYPERLINK("http://evil.example","click")' },
  { name: 'DDE formula', value: "+cmd|' /C calc'!A0" },
  { name: 'right-to-left override', value: 'invoice\u202Efdp.exe' },
  { name: 'quotes and entities', value: `O'Brien & "Sons" <b>&amp;</b> \\ end` },
  { name: '10,000 characters', value: `${'W'.repeat(9_990)}-the-end` },
] as const;

/** One value carrying every payload (for fields shown once): the attacks joined, each still whole. */
export const allHostileInputs = hostileInputs
  .filter((input) => input.name !== '10,000 characters')
  .map((input) => input.value)
  .join(' ');
