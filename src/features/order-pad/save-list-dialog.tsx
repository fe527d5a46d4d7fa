// "Save as list" (docs/decisions/054-saved-lists.md): the pad's lines, or a past order's, saved as one of the
// company's lists, under a new name or in place of a list's contents. Tools no longer in the catalogue are
// left out and named. A name another list of the company has is refused under the name field.

import { useCallback, useId, useState } from 'react';
import { ApiError, errorMessage } from '../../api/errors';
import { formatCount } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { SavedListNameSchema, sameListName, SAVED_LIST_NAME_MAX, type SavedList } from '../../contract/saved-list';
import { toast } from '../../ui/toast';
import { useModalDialog } from '../../ui/use-modal-dialog';
import * as v from 'valibot';
import type { ListToSave } from './save-list';

export interface SaveListDialogProps {
  /** What is saved: the pad's lines or a past order's, in their order. */
  lines: readonly { productId: string; quantity: number; name?: string }[];
  /** Today's catalogue: a tool not in it cannot be saved. */
  products: readonly Product[];
  /** The company's lists, to replace one of them. */
  lists: readonly SavedList[];
  /** Where the lines come from, as the title says it: "your order pad", "order O-2026-00042". */
  from: string;
  /** Null when online; else why saving waits (the connection). */
  offlineReason: string | null;
  save: (list: ListToSave) => Promise<SavedList>;
  onClose: () => void;
}

export function SaveListDialog({ lines, products, lists, from, offlineReason, save, onClose }: SaveListDialogProps) {
  const id = useId();
  const dialog = useModalDialog(onClose);
  const [mode, setMode] = useState<'new' | 'replace'>('new');
  const [name, setName] = useState('');
  const [replaceId, setReplaceId] = useState(lists[0]?.id ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const known = new Set(products.map((product) => product._id));
  const kept = lines.filter((line) => known.has(line.productId));
  const gone = lines.filter((line) => !known.has(line.productId));
  const close = useCallback(() => dialog.current?.close(), [dialog]);

  const submit = async () => {
    setFailure(null);
    let list: ListToSave;
    if (mode === 'new') {
      const parsed = v.safeParse(SavedListNameSchema, name);
      if (!parsed.success) {
        setNameError(parsed.issues[0].message);
        document.getElementById(`${id}-name`)?.focus();
        return;
      }
      const taken = lists.find((other) => sameListName(other.name, parsed.output));
      if (taken) {
        setNameError(`Your company already has a list named “${taken.name}”. Choose another name, or replace that list.`);
        document.getElementById(`${id}-name`)?.focus();
        return;
      }
      list = { id: crypto.randomUUID(), name: parsed.output, lines: kept };
    } else {
      const target = lists.find((other) => other.id === replaceId);
      if (!target) return;
      list = { id: target.id, name: target.name, lines: kept };
    }
    setBusy(true);
    try {
      const saved = await save(list);
      toast.success(`Saved as “${saved.name}”: ${saved.lines.length === 1 ? '1 tool' : `${formatCount(saved.lines.length)} tools`}.`);
      close();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'conflict' && mode === 'new') {
        setNameError(error.message);
        document.getElementById(`${id}-name`)?.focus();
      } else setFailure(error instanceof ApiError ? error.message : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby={`${id}-title`} data-testid="save-list-dialog">
      <form
        noValidate
        className="modal-box grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-bold">
          Save {from} as a list
        </h2>
        <p className="text-sm text-base-content/80">
          {kept.length === 1 ? '1 tool' : `${formatCount(kept.length)} tools`} with their quantities. Everyone in your company sees the list and can use it on
          their order pad, at the prices and rules of the day.
        </p>
        {gone.length > 0 ? (
          <p className="rounded-box bg-warning/20 px-3 py-2 text-sm" data-testid="save-list-gone">
            Left out, no longer in the catalogue:{' '}
            {gone.every((line) => line.name) ? gone.map((line) => line.name).join(', ') : gone.length === 1 ? '1 tool' : `${formatCount(gone.length)} tools`}.
          </p>
        ) : null}
        {lists.length > 0 ? (
          <fieldset className="grid gap-1">
            <legend className="mb-1 font-medium">Save as</legend>
            <label className="flex min-h-11 cursor-pointer items-center gap-3">
              <input type="radio" className="radio radio-primary" name={`${id}-mode`} checked={mode === 'new'} onChange={() => setMode('new')} />
              <span>A new list</span>
            </label>
            <label className="flex min-h-11 cursor-pointer items-center gap-3">
              <input type="radio" className="radio radio-primary" name={`${id}-mode`} checked={mode === 'replace'} onChange={() => setMode('replace')} />
              <span>In place of a list’s contents</span>
            </label>
          </fieldset>
        ) : null}
        {mode === 'new' ? (
          <div>
            <label htmlFor={`${id}-name`} className="mb-1 block font-medium">
              Name of the list
            </label>
            <input
              id={`${id}-name`}
              className={`input w-full ${nameError ? 'input-error' : ''}`}
              value={name}
              maxLength={SAVED_LIST_NAME_MAX + 20}
              autoComplete="off"
              placeholder="Weekly restock"
              aria-invalid={nameError !== null}
              aria-describedby={nameError ? `${id}-name-error` : undefined}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(null);
              }}
            />
            {nameError ? (
              <p id={`${id}-name-error`} role="alert" className="mt-1 text-sm text-error">
                {nameError}
              </p>
            ) : null}
          </div>
        ) : (
          <div>
            <label htmlFor={`${id}-replace`} className="mb-1 block font-medium">
              List to replace
            </label>
            <select id={`${id}-replace`} className="select w-full" value={replaceId} onChange={(event) => setReplaceId(event.target.value)}>
              {lists.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.name} ({list.lines.length === 1 ? '1 tool' : `${formatCount(list.lines.length)} tools`})
                </option>
              ))}
            </select>
            <p className="mt-1 text-sm text-base-content/80">Its tools and quantities become these; its name stays.</p>
          </div>
        )}
        {failure ? (
          <p role="alert" className="text-sm text-error">
            {failure}
          </p>
        ) : null}
        {offlineReason ? <p className="text-sm text-base-content/80">{offlineReason}</p> : null}
        <div className="modal-action mt-0 flex-wrap">
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || kept.length === 0 || offlineReason !== null}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {mode === 'new' ? 'Save the list' : 'Replace its contents'}
          </button>
        </div>
        {kept.length === 0 ? <p className="text-sm text-error">None of these tools is in the catalogue now: there is nothing to save.</p> : null}
      </form>
    </dialog>
  );
}
