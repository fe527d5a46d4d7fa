// The quick-entry line's box, its title and how to use it: the same on the pad, while the pad loads, and in
// the pad's screen frame (src/prerender.tsx), so the words a dealer reads first stay where they are from the
// first paint to the working line (docs/architecture.md, "Screen frames").

import { Spinner } from '../../ui/spinner';

export const QUICK_ENTRY_BOX_CLASS = 'rounded-box border border-base-300 bg-base-200/60 p-4';

export function QuickEntryIntro({ titleId }: { titleId?: string }) {
  return (
    <>
      <h2 id={titleId} className="mb-1 text-lg font-bold">
        Add a tool
      </h2>
      <p className="mb-3 text-sm text-base-content/80">
        Type part of its name or its SKU, pick it with the arrow keys and Enter (or tap it), type the quantity and press Enter. Or scan its barcode into the
        Tool box.
      </p>
    </>
  );
}

/** The box until the tools are read: the intro, and a loading indicator where the line goes. */
export function QuickEntryLoading({ label = 'Loading your order pad' }: { label?: string }) {
  return (
    <div className={QUICK_ENTRY_BOX_CLASS}>
      <QuickEntryIntro />
      <Spinner label={label} />
    </div>
  );
}
