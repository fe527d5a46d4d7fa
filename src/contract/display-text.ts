// Text that other people see (display names, reviews): what counts as visible, and what is removed
// before it is stored. Shared, so the forms refuse what the server refuses.

/** Characters that change the direction of the text around them (embeddings, overrides, isolates). */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/gu;
/** Control characters other than line breaks and tabs. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/gu;
/**
 * Characters that print as nothing: format characters (zero-width space and joiners, marks, BOM, soft
 * hyphen, ...), the Hangul fillers and the blank Braille pattern, which fonts draw as empty space.
 */
const INVISIBLE = /[\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** Removes direction controls and control characters (keeping line breaks and tabs), and trims. */
export function cleanDisplayText(text: string): string {
  return text.replace(DIRECTION_CONTROLS, '').replace(CONTROLS, '').trim();
}

/** The text as a reader sees it: without anything that prints as nothing. */
export function visibleText(text: string): string {
  return cleanDisplayText(text).replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
}

/** True when nothing of the text would be seen. */
export function isBlankToReaders(text: string): boolean {
  return visibleText(text) === '';
}
