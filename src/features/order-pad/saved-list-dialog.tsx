// One saved list opened from the pad (docs/decisions/054-saved-lists.md): its tools and quantities, who saved
// it last and when; rename it, change or remove its lines, delete it, or use it on the pad. Reading and using
// work offline; changing needs the connection, and its buttons say so. A tool deleted since the list was saved
// is shown as such and left out when the list is saved again.

import { useCallback, useId, useState } from 'react';
import * as v from 'valibot';
import { ApiError, errorMessage } from '../../api/errors';
import { formatCount } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { quantityMessages } from '../../contract/quantity-rules';
import { SavedListNameSchema, sameListName, SAVED_LIST_NAME_MAX, type SavedList } from '../../contract/saved-list';
import { toast } from '../../ui/toast';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { QuantityInput } from '../../ui/quantity-input';
import { parseQuantity } from './match-tools';
import type { ListToSave } from './save-list';

export interface SavedListDialogProps {
  list: SavedList;
  /** The company's other lists: a new name must not be one of theirs. */
  lists: readonly SavedList[];
  products: readonly Product[];
  /** Null when online; else why changes wait. */
  offlineReason: string | null;
  save: (list: ListToSave) => Promise<SavedList>;
  remove: (id: string) => Promise<unknown>;
  /** Use the list on the pad (the dialog closes first). */
  onUse: (list: SavedList) => void;
  onClose: () => void;
}

/** When and by whom, in the dealer's own date format. */
export const savedWhen = (list: SavedList) =>
  `${new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(list.updatedAt))} by ${list.updatedBy}`;

export function SavedListDialog({ list, lists, products, offlineReason, save, remove, onUse, onClose }: SavedListDialogProps) {
  const id = useId();
  const dialog = useModalDialog(onClose);
  const [name, setName] = useState(list.name);
  const [typed, setTyped] = useState<ReadonlyMap<string, string>>(new Map());
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const close = useCallback(() => dialog.current?.close(), [dialog]);

  const known = new Set(products.map((product) => product._id));
  const lines = list.lines.filter((line) => !removed.has(line.productId));
  const quantityOf = (productId: string, saved: number) => {
    const text = typed.get(productId);
    return text === undefined ? saved : parseQuantity(text);
  };
  const badQuantity = lines.some((line) => quantityOf(line.productId, line.quantity) === null);
  const gone = lines.filter((line) => !known.has(line.productId));
  const changed = name.trim() !== list.name || removed.size > 0 || lines.some((line) => quantityOf(line.productId, line.quantity) !== line.quantity);
  const disabled = offlineReason !== null || busy;

  const submit = async () => {
    setFailure(null);
    const parsed = v.safeParse(SavedListNameSchema, name);
    if (!parsed.success) {
      setNameError(parsed.issues[0].message);
      return;
    }
    const taken = lists.find((other) => other.id !== list.id && sameListName(other.name, parsed.output));
    if (taken) {
      setNameError(`Your company already has a list named “${taken.name}”. Choose another name.`);
      return;
    }
    if (badQuantity) {
      setFailure(`${quantityMessages.noQuantity} Every line needs a quantity.`);
      return;
    }
    const kept = lines.filter((line) => known.has(line.productId));
    if (kept.length === 0) {
      setFailure('A list holds at least one tool: delete the list instead.');
      return;
    }
    setBusy(true);
    try {
      await save({
        id: list.id,
        name: parsed.output,
        lines: kept.map((line) => ({ productId: line.productId, quantity: quantityOf(line.productId, line.quantity) ?? line.quantity })),
      });
      toast.success(`“${parsed.output}” saved.`);
      close();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'conflict') setNameError(error.message);
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const deleteList = async () => {
    setBusy(true);
    try {
      await remove(list.id);
      toast.success(`“${list.name}” deleted.`);
      close();
    } catch (error) {
      setFailure(errorMessage(error));
      setConfirmDelete(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby={`${id}-title`} data-testid="saved-list-dialog">
      <form
        noValidate
        className="modal-box flex max-h-[92dvh] flex-col gap-4 sm:w-11/12 sm:max-w-3xl"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div>
          <h2 id={`${id}-title`} className="text-lg font-bold break-words">
            {list.name}
          </h2>
          <p className="text-sm text-base-content/80">
            {list.lines.length === 1 ? '1 tool' : `${formatCount(list.lines.length)} tools`}, saved {savedWhen(list)}
          </p>
        </div>
        {offlineReason ? (
          <p role="status" className="rounded-box bg-warning/20 px-3 py-2 text-sm">
            You are offline: you can read and use this list. Renaming, changing and deleting it need a connection.
          </p>
        ) : null}
        <div>
          <label htmlFor={`${id}-name`} className="mb-1 block font-medium">
            Name
          </label>
          <input
            id={`${id}-name`}
            className={`input w-full ${nameError ? 'input-error' : ''}`}
            value={name}
            maxLength={SAVED_LIST_NAME_MAX + 20}
            autoComplete="off"
            readOnly={offlineReason !== null}
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
        <div className="min-h-0 flex-1 overflow-y-auto rounded-box border border-base-300">
          <ul aria-label={`Tools of ${list.name}`} className="divide-y divide-base-300">
            {lines.map((line) => {
              const boxId = `${id}-quantity-${line.productId}`;
              const quantity = quantityOf(line.productId, line.quantity);
              return (
                <li key={line.productId} data-testid="saved-list-line" className="grid grid-cols-[minmax(0,1fr)_6.5rem_2.75rem] items-center gap-x-3 px-3 py-2">
                  <div className="min-w-0">
                    <p className="break-words text-sm font-semibold leading-snug">{line.productName}</p>
                    <p className="font-mono text-xs text-base-content/75">{line.sku}</p>
                    {known.has(line.productId) ? null : (
                      <p className="text-sm text-error">No longer in the catalogue: left out when the list is used or saved.</p>
                    )}
                    {quantity === null ? <p className="text-sm text-error">{quantityMessages.noQuantity}</p> : null}
                  </div>
                  <div>
                    <label htmlFor={boxId} className="sr-only">
                      Quantity (pcs.) of {line.productName}
                    </label>
                    <QuantityInput
                      id={boxId}
                      compact
                      readOnly={offlineReason !== null}
                      invalid={quantity === null}
                      value={typed.get(line.productId) ?? String(line.quantity)}
                      onChange={(event) => setTyped(new Map(typed).set(line.productId, event.target.value))}
                    />
                  </div>
                  <button
                    type="button"
                    className="btn btn-ghost btn-square size-11"
                    aria-label={`Remove ${line.productName} from the list`}
                    disabled={offlineReason !== null}
                    title={offlineReason ?? undefined}
                    onClick={() => setRemoved(new Set(removed).add(line.productId))}
                  >
                    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                      <path d="M6 6l12 12M18 6L6 18" />
                    </svg>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
        {gone.length > 0 && !offlineReason ? (
          <p className="text-sm text-base-content/80">Save changes takes the tools no longer in the catalogue off the list.</p>
        ) : null}
        {failure ? (
          <p role="alert" className="text-sm text-error">
            {failure}
          </p>
        ) : null}
        {confirmDelete ? (
          <div role="alertdialog" aria-labelledby={`${id}-delete`} className="flex flex-wrap items-center gap-2 rounded-box bg-error/10 px-3 py-2">
            <p id={`${id}-delete`} className="mr-auto text-sm font-medium">
              Delete “{list.name}” for everyone in your company?
            </p>
            <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => setConfirmDelete(false)}>
              Keep it
            </button>
            <button type="button" className="btn btn-error btn-sm min-h-11" disabled={busy} onClick={() => void deleteList()}>
              Delete the list
            </button>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center justify-end gap-2">
          <button
            type="button"
            className="btn btn-ghost text-error sm:mr-auto"
            disabled={disabled}
            title={offlineReason ?? undefined}
            onClick={() => setConfirmDelete(true)}
          >
            Delete…
          </button>
          <button type="button" className="btn btn-ghost" onClick={close}>
            Close
          </button>
          <button type="submit" className="btn btn-outline" disabled={disabled || !changed} title={offlineReason ?? undefined}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Save changes
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={changed}
            title={changed ? 'Save or undo your changes first.' : undefined}
            onClick={() => {
              close();
              onUse(list);
            }}
          >
            Use list
          </button>
        </div>
      </form>
    </dialog>
  );
}
