// Long text in a narrow table cell (an address, a transaction id): clipped to `lines` lines, shown whole
// while hovered or focused. It can take keyboard focus, so the whole text is reachable without a mouse;
// screen readers read the whole text anyway, it is all in the page.

export interface ClippedTextProps {
  text: string;
  /** 1: one line with an ellipsis; 2 or 3: that many lines. */
  lines: 1 | 2 | 3;
  /** Break anywhere (ids without spaces) rather than between words. */
  breakAll?: boolean;
  className?: string;
}

// Whole class names, so Tailwind finds them.
const CLAMP: Record<ClippedTextProps['lines'], string> = {
  // One line: a block box that ellipses; more: line-clamp's own box (a display class here would undo it).
  1: 'block truncate hover:whitespace-normal focus:whitespace-normal',
  2: 'line-clamp-2',
  3: 'line-clamp-3',
};

export function ClippedText({ text, lines, breakAll = false, className = '' }: ClippedTextProps) {
  return (
    <span
      // A focus stop only for reading: Tab reaches it and it opens to the whole text.
      tabIndex={0}
      title={text}
      className={`rounded-sm outline-offset-2 hover:line-clamp-none focus:line-clamp-none ${CLAMP[lines]} ${breakAll ? 'break-all' : 'break-words'} ${className}`}
    >
      {text}
    </span>
  );
}
