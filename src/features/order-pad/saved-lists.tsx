// The pad's saved lists (docs/decisions/054-saved-lists.md): the company's named lists of tools and quantities,
// each with how many tools, when it was last saved and by whom. Use list puts a list's tools on the pad at
// today's prices and rules, through the same report a pasted list gets (a tool deleted since, out of stock or
// off its pack is named and left out), added to the pad's lines or in their place. Open shows a list to rename,
// change or delete; Save the pad as a list names the pad's lines. Lists are read and used offline from the
// device's copy; changing them needs the connection.

import { useCallback, useId, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { texts } from '../../contract/messages';
import { formatCount } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import type { SavedList } from '../../contract/saved-list';
import type { PadLine } from '../../offline/store';
import { formatSavedAt } from '../../lib/saved-at';
import { useOnline } from '../offline/network-status';
import { ImportDialog } from './import-dialog';
import { SaveListDialog } from './save-list-dialog';
import { SavedListDialog, savedWhen } from './saved-list-dialog';
import { savedListRows } from './saved-list-rows';
import { useDeleteSavedList } from './delete-saved-list';
import { useSavedLists } from './get-saved-lists';
import { useSaveList } from './save-list';

/** Lists shown before "Show all". */
const FIRST_LISTS = 6;

export interface SavedListsProps {
  email: string;
  /** The company a sales rep orders for; null for a dealer's own company. */
  companyId: string | null;
  /** A sales rep that has not chosen a company: there are no lists to show yet. */
  noCompany: boolean;
  products: readonly Product[];
  /** The pad's lines. */
  lines: readonly PadLine[];
  onPad: (productId: string) => number;
  /** Puts the ready rows on the pad in one write, or in place of its lines. */
  onAdd: (lines: readonly { product: Product; quantity: number }[], replace: boolean) => Promise<void>;
}

export function SavedLists({ email, companyId, noCompany, products, lines, onPad, onAdd }: SavedListsProps) {
  const id = useId();
  const online = useOnline();
  const offlineReason = online ? null : texts.needsNetwork;
  const query = useSavedLists(email, companyId, !noCompany);
  const saveList = useSaveList(email, companyId);
  const deleteList = useDeleteSavedList(email, companyId);
  const [saving, setSaving] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [using, setUsing] = useState<SavedList | null>(null);
  const [all, setAll] = useState(false);
  const closeSave = useCallback(() => setSaving(false), []);
  const closeOpen = useCallback(() => setOpenId(null), []);
  const closeUse = useCallback(() => setUsing(null), []);

  const lists = query.data?.lists ?? [];
  const shown = all ? lists : lists.slice(0, FIRST_LISTS);
  const opened = lists.find((list) => list.id === openId) ?? null;
  const save = (list: Parameters<typeof saveList.mutateAsync>[0]) => saveList.mutateAsync(list);

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3" data-testid="saved-lists">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-base-300 pb-2">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          Saved lists
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className="btn btn-outline btn-sm min-h-11"
            disabled={lines.length === 0 || offlineReason !== null || noCompany || !query.data}
            title={offlineReason ?? (lines.length === 0 ? 'The pad is empty: add tools first.' : undefined)}
            onClick={() => setSaving(true)}
          >
            Save the pad as a list
          </button>
        </div>
      </div>
      {noCompany ? (
        <p className="text-sm text-base-content/80">Choose the company you order for: its saved lists show here.</p>
      ) : query.isPending ? (
        <p className="text-sm text-base-content/80">Loading your company’s lists…</p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-error">
          The saved lists could not be loaded. {errorMessage(query.error)}
        </p>
      ) : (
        <>
          {query.data.offline ? (
            <p role="status" className="rounded-box bg-warning/20 px-4 py-3 text-sm" data-testid="saved-lists-offline">
              You are offline. These are your company’s lists as this device saw them on {formatSavedAt(query.data.savedAt)}: you can open and use them; saving,
              renaming and deleting lists need a connection.
            </p>
          ) : null}
          {lists.length === 0 ? (
            <p className="text-sm text-base-content/80">
              No saved lists yet. Fill the pad with the tools you order often, then <strong>Save the pad as a list</strong>; or save a past order from My
              Orders.
            </p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Your company’s saved lists">
              {shown.map((list) => (
                <li key={list.id} data-testid="saved-list" className="grid gap-2 rounded-box border border-base-300 bg-base-100 p-3">
                  <div className="min-w-0">
                    <h3 className="break-words font-semibold leading-snug">{list.name}</h3>
                    <p className="text-sm text-base-content/80">
                      {list.lines.length === 1 ? '1 tool' : `${formatCount(list.lines.length)} tools`} · {savedWhen(list)}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button type="button" className="btn btn-primary btn-sm min-h-11" onClick={() => setUsing(list)}>
                      Use list <span className="sr-only">{list.name}</span>
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => setOpenId(list.id)}>
                      Open <span className="sr-only">{list.name}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {lists.length > FIRST_LISTS ? (
            <button type="button" className="btn btn-ghost btn-sm min-h-11 justify-self-start" onClick={() => setAll(!all)}>
              {all ? 'Show fewer lists' : `Show all ${formatCount(lists.length)} lists`}
            </button>
          ) : null}
        </>
      )}
      {saving ? (
        <SaveListDialog lines={lines} products={products} lists={lists} from="your order pad" offlineReason={offlineReason} save={save} onClose={closeSave} />
      ) : null}
      {opened ? (
        <SavedListDialog
          list={opened}
          lists={lists}
          products={products}
          offlineReason={offlineReason}
          save={save}
          remove={(listId) => deleteList.mutateAsync(listId)}
          onUse={setUsing}
          onClose={closeOpen}
        />
      ) : null}
      {using ? (
        <ImportDialog
          key={using.id}
          products={products}
          onPad={onPad}
          padLines={lines.length}
          onAdd={onAdd}
          savedList={{ name: using.name, rows: savedListRows(using) }}
          onClose={closeUse}
        />
      ) : null}
    </section>
  );
}
