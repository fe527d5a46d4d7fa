// "Paste or import a list": the dealer pastes rows of SKU and quantity (or picks a .csv file), and before
// anything is added sees a report of every row: ready, or why not (an unknown SKU, below the minimum, not
// whole packs, over the maximum, out of stock, no quantity), and which rows of one tool were merged. They
// fix a quantity (or take the one offered) or drop rows, then add every ready row to the pad in one go.
// Everything is read on the device against the pad's tools, so it works offline too (import-list.ts).

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { formatCount } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { importReport, parseList, type ImportRow, type ListRow } from './import-list';
import { dropButtonId, ImportReportRows } from './import-report-rows';
import { parseQuantity } from './match-tools';

export interface ImportDialogProps {
  products: readonly Product[];
  /** How many pieces of a tool are on the pad already (0 when it is not on it). */
  onPad: (productId: string) => number;
  /** How many tools the pad has now. */
  padLines: number;
  /** Puts the ready rows on the pad in one write; `replace`: in place of the pad's lines. */
  onAdd: (lines: readonly { product: Product; quantity: number }[], replace: boolean) => Promise<void>;
  /** A list to start with (pasted on the pad, shared to the app, or a file it was opened with), checked at once. */
  initialText?: string;
  /**
   * A saved list being used (docs/decisions/054-saved-lists.md): its rows are checked at once, under its own
   * title, and a pad that has lines already may be replaced by them rather than added to.
   */
  savedList?: { name: string; rows: ListRow[] };
  /** The dialog closed (added, cancelled or Escape); a steady function, as useModalDialog needs. */
  onClose: () => void;
}

const NOTHING_ON_PAD = () => 0;

export function ImportDialog({ products, onPad, padLines, onAdd, initialText = '', savedList, onClose }: ImportDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const textId = `${id}-text`;
  const fileId = `${id}-file`;
  const summaryId = `${id}-summary`;
  const dialog = useModalDialog(onClose);
  const [text, setText] = useState(initialText);
  const [rows, setRows] = useState<ListRow[] | null>(() => savedList?.rows ?? (initialText.trim() === '' ? null : parseList(initialText)));
  // A saved list used on a pad with lines: added to them (the default) or in their place.
  const [replace, setReplace] = useState(false);
  const counted = replace ? { onPad: NOTHING_ON_PAD, padLines: 0 } : { onPad, padLines };
  const [order, setOrder] = useState<string[]>([]);
  const [dropped, setDropped] = useState<ReadonlySet<string>>(new Set());
  const [typed, setTyped] = useState<ReadonlyMap<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  // Once the dialog is open (the hook above opens it): the focus goes to the list box, or to the report of a list it came with.
  useEffect(() => {
    (summaryRef.current ?? textRef.current)?.focus();
  }, []);

  const quantities = useMemo(() => new Map([...typed].map(([key, value]) => [key, parseQuantity(value)])), [typed]);
  const report = useMemo(
    () => (rows ? importReport(rows, products, counted.onPad, counted.padLines, { dropped, quantities }) : []),
    [rows, products, counted.onPad, counted.padLines, dropped, quantities],
  );
  // Rows needing attention first, in the order they had when the list was checked: a row fixed stays where it is.
  const ordered = useMemo(() => {
    const place = new Map(order.map((key, index) => [key, index]));
    return [...report].sort((a, b) => (place.get(a.key) ?? 0) - (place.get(b.key) ?? 0));
  }, [report, order]);
  const ready = report.filter(
    (row): row is ImportRow & { product: Product; quantity: number } => row.problem === null && row.product !== null && row.quantity !== null,
  );
  const attention = report.length - ready.length;
  const merged = report.filter((row) => row.lines.length > 1).length;

  const check = (list: string) => {
    const parsed = parseList(list);
    if (parsed.length === 0) {
      setError('Paste at least one line: a SKU and a quantity, such as “FL-CS184 12”.');
      return;
    }
    setError(null);
    setDropped(new Set());
    setTyped(new Map());
    setRows(parsed);
    setOrder([]);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  // The order is fixed once per check, from the first report.
  if (rows && order.length === 0 && report.length > 0) {
    const first = [...report].sort((a, b) => Number(b.problem !== null) - Number(a.problem !== null));
    setOrder(first.map((row) => row.key));
  }

  const add = async () => {
    setBusy(true);
    try {
      await onAdd(
        ready.map((row) => ({ product: row.product, quantity: row.quantity })),
        replace,
      );
    } catch {
      setError('The lines could not be saved on this device. Please try again.');
      setBusy(false);
      return;
    }
    setBusy(false);
    dialog.current?.close();
  };

  const drop = (row: ImportRow, index: number) => {
    const next = new Set(dropped);
    next.add(row.key);
    setDropped(next);
    // The focus goes to the next row's drop button (or the one before), or to the summary when none is left.
    const neighbour = ordered[index + 1] ?? ordered[index - 1];
    requestAnimationFrame(() => {
      const target = neighbour ? document.getElementById(dropButtonId(id, neighbour.key)) : summaryRef.current;
      target?.focus();
    });
  };

  const setQuantity = (row: ImportRow, value: string) => {
    const next = new Map(typed);
    next.set(row.key, value);
    setTyped(next);
  };

  return (
    <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} data-testid="import-dialog">
      <div className="modal-box flex max-h-[92dvh] flex-col gap-4 sm:w-11/12 sm:max-w-4xl">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-bold">
            {savedList ? `Use the list “${savedList.name}”` : 'Paste or import a list'}
          </h2>
          <form method="dialog">
            <button type="submit" className="btn btn-ghost btn-square size-11" aria-label="Close">
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </form>
        </div>

        {rows === null ? (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              check(text);
            }}
          >
            <p className="text-sm text-base-content/80">
              One tool a line: its SKU, then the quantity, such as <span className="font-mono">FL-CS184 12</span>. Copy the columns from a spreadsheet, or
              separate them with commas, semicolons or spaces; a header row is left out.
            </p>
            <div>
              <label htmlFor={textId} className="mb-1 block font-medium">
                Your list
              </label>
              <textarea
                ref={textRef}
                id={textId}
                className={`textarea h-48 w-full font-mono text-sm ${error ? 'textarea-error' : ''}`}
                value={text}
                spellCheck={false}
                autoCapitalize="off"
                aria-invalid={error !== null}
                aria-describedby={error ? `${textId}-error` : undefined}
                placeholder={'SKU\tQuantity\nFL-CS184\t12\nFL-HD220\t6'}
                onChange={(event) => setText(event.target.value)}
              />
              {error ? (
                <p id={`${textId}-error`} role="alert" className="mt-1 text-sm text-error">
                  {error}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor={fileId} className="mb-1 block font-medium">
                Or pick a .csv file
              </label>
              <input
                id={fileId}
                type="file"
                accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
                className="file-input w-full"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (!file) return;
                  void file.text().then((content) => {
                    setText(content);
                    check(content);
                  });
                }}
              />
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary">
                Check the list
              </button>
            </div>
          </form>
        ) : (
          <>
            {savedList && padLines > 0 ? (
              <fieldset className="grid gap-1 rounded-box border border-base-300 px-4 py-3">
                <legend className="px-1 text-sm font-semibold">
                  Your order pad has {padLines === 1 ? '1 tool' : `${formatCount(padLines)} tools`} already
                </legend>
                <label className="flex min-h-11 cursor-pointer items-center gap-3">
                  <input type="radio" className="radio radio-primary" name={`${id}-mode`} checked={!replace} onChange={() => setReplace(false)} />
                  <span>Add the list to the pad</span>
                </label>
                <label className="flex min-h-11 cursor-pointer items-center gap-3">
                  <input type="radio" className="radio radio-primary" name={`${id}-mode`} checked={replace} onChange={() => setReplace(true)} />
                  <span>Replace the pad’s lines with the list</span>
                </label>
              </fieldset>
            ) : null}
            <p ref={summaryRef} id={summaryId} tabIndex={-1} role="status" className="font-medium" data-testid="import-summary">
              {ready.length === 1 ? '1 tool is ready to add' : `${formatCount(ready.length)} tools are ready to add`}
              {attention > 0 ? `, ${attention === 1 ? '1 row needs' : `${formatCount(attention)} rows need`} attention` : ''}
              {merged > 0 ? `. ${merged === 1 ? '1 tool was' : `${formatCount(merged)} tools were`} on more than one row: their quantities are added up` : ''}.
            </p>
            {report.length === 0 ? (
              <p className="text-base-content/80">Every row was dropped. Go back to the list to start again.</p>
            ) : (
              <ImportReportRows rows={ordered} typed={typed} idBase={id} summaryId={summaryId} onQuantity={setQuantity} onDrop={drop} />
            )}
            {error ? (
              <p role="alert" className="text-sm text-error">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center justify-end gap-2">
              {attention > 0 && ready.length > 0 ? (
                <p className="mr-auto text-sm text-base-content/80">Rows that need attention are left out; fix or drop them to add them too.</p>
              ) : null}
              {savedList ? (
                <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
                  Cancel
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => {
                    setRows(null);
                    setError(null);
                  }}
                >
                  Back to the list
                </button>
              )}
              <button type="button" className="btn btn-primary" disabled={busy || ready.length === 0} onClick={() => void add()}>
                {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
                {replace ? 'Replace with ' : 'Add '}
                {ready.length === 1 ? '1 line' : `${formatCount(ready.length)} lines`}
              </button>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
