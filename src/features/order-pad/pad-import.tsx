// Where a list comes into the order pad: the "Paste or import a list" button by the quick entry, a
// multi-line text pasted anywhere on the pad outside a box, a .csv file the installed app was opened with
// (the manifest's file_handlers, read from the launch queue), and a text shared to the installed app (the
// manifest's share_target, a GET to the pad with a `text` parameter). Each opens the import dialog, the
// last three with the list in it, checked.

import { useCallback, useEffect, useState } from 'react';
import type { Product } from '../../contract/product';
import { ImportDialog } from './import-dialog';

/** The share target's parameter (vite.config.ts, the manifest's share_target). */
export const SHARED_TEXT_PARAM = 'text';

interface LaunchParams {
  files: readonly { getFile: () => Promise<File> }[];
}
interface LaunchQueue {
  setConsumer: (consumer: (params: LaunchParams) => void) => void;
}

/** Whether a paste on the pad is a list to import: text of more than one line, pasted outside a box. */
export function isListPaste(target: EventTarget | null, text: string): boolean {
  if (target instanceof Element && target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], dialog')) return false;
  return /\S[^\S\r\n]*(\r\n|\r|\n)\s*\S/u.test(text);
}

export interface PadImportProps {
  products: readonly Product[];
  onPad: (productId: string) => number;
  padLines: number;
  onAdd: (lines: readonly { product: Product; quantity: number }[]) => Promise<void>;
}

export function PadImport({ products, onPad, padLines, onAdd }: PadImportProps) {
  // null: closed; a string: open, with that list in it ('' for an empty one).
  const [open, setOpen] = useState<string | null>(null);
  const [opened, setOpened] = useState(0);
  const show = useCallback((text: string) => {
    setOpen(text);
    setOpened((count) => count + 1);
  }, []);
  const close = useCallback(() => setOpen(null), []);

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (!isListPaste(event.target, text)) return;
      event.preventDefault();
      show(text);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [show]);

  useEffect(() => {
    // Shared to the installed app: the list is in the address once; it is taken out so a reload does not open it again.
    const url = new URL(window.location.href);
    const shared = url.searchParams.get(SHARED_TEXT_PARAM);
    if (shared && shared.trim() !== '') {
      url.searchParams.delete(SHARED_TEXT_PARAM);
      window.history.replaceState(window.history.state, '', url);
      show(shared);
    }
    // Opened with a .csv file by the installed app.
    const queue = (window as Window & { launchQueue?: LaunchQueue }).launchQueue;
    queue?.setConsumer((params) => {
      const file = params.files[0];
      if (!file) return;
      void file
        .getFile()
        .then((blob) => blob.text())
        .then(show);
    });
  }, [show]);

  return (
    <>
      <div className="-mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
        <button type="button" className="btn btn-outline btn-sm min-h-11" onClick={() => show('')}>
          <svg
            width="18"
            height="18"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M9 4h6M9 4a2 2 0 0 0-2 2H5v15h14V6h-2a2 2 0 0 0-2-2M9 4a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2M8 11h8M8 15h8M8 19h5" />
          </svg>
          Paste or import a list
        </button>
        <p className="text-sm text-base-content/75">SKUs and quantities from a spreadsheet or a .csv file.</p>
      </div>
      {open === null ? null : (
        <ImportDialog key={opened} products={products} onPad={onPad} padLines={padLines} onAdd={onAdd} initialText={open} onClose={close} />
      )}
    </>
  );
}
