/**
 * What follows '#' in an address ('#faq-3', '#Khsh…'), decoded. A part that does not decode ('#%E0%A4%A', typed or
 * cut short) is given as it is: it names nothing on the page, and never breaks it.
 */
export function hashText(hash: string): string {
  const text = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
