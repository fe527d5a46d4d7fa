// Manage Products (the spec): Product, Price, Available Qnty, and Delete through the modal. One
// page of the catalogue at a time (the catalogue feature's query, handed in by the route), newest first,
// with a search by name, SKU or description: a catalogue of thousands of tools is never drawn whole. Each
// tool's bulk-order rules are summed up in a column of their own; Edit opens the editor of every field of
// the tool. Below 1024 px, and wherever the table would not fit beside the menu, each tool is a card, so a
// tablet never scrolls sideways to reach Edit or Delete.

import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { toasts } from '../../contract/messages';
import { describeRules, formatCount, formatDollars } from '../../contract/pricing';
import { CATALOGUE_SEARCH_MAX_LENGTH, type Product, type ProductPage } from '../../contract/product';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DataTable, type Column } from '../../ui/data-table';
import { PICTURE_SIZES, pictureSources } from '../../ui/product-picture';
import { useOnline } from '../offline/network-status';
import { DeleteButton } from './delete-button';
import { EditProductDialog } from './edit-product-dialog';
import { useDeleteProduct } from './delete-product';
import { OfflineNotice } from './offline-notice';
import { QueryError } from '../../ui/query-error';
import { SearchBox, type SearchValue } from './search-box';
import { useConfirmedDelete } from './use-confirmed-delete';

/** "In packs of 6, at most 500 per order; 2 volume prices", or "None". */
export function rulesSummary(product: Product): string {
  const rules = describeRules(product);
  const tiers = product.priceTiers?.length ?? 0;
  const prices = tiers === 0 ? null : `${tiers} volume ${tiers === 1 ? 'price' : 'prices'}`;
  const text = [rules, prices].filter(Boolean).join('; ');
  return text === '' ? 'None' : text.charAt(0).toUpperCase() + text.slice(1);
}

export interface ProductsTableProps {
  products: UseQueryResult<ProductPage>;
  /** The categories in use, offered in the editor. */
  categories: readonly string[];
  search: SearchValue;
  onSearch: (next: SearchValue) => void;
  onPageChange: (page: number) => void;
}

export function ProductsTable({ products, categories, search, onSearch, onPageChange }: ProductsTableProps) {
  const online = useOnline();
  const offlineId = useId();
  const [editing, setEditing] = useState<Product | null>(null);
  const closeEditing = useCallback(() => setEditing(null), []);
  const remove = useConfirmedDelete({
    mutation: useDeleteProduct(),
    id: (product: Product) => product._id,
    deleted: toasts.productDeleted,
    alreadyDeleted: (product) => `${product.name} was already deleted.`,
  });

  const offlineReason = online ? undefined : offlineId;
  const columns: Column<Product>[] = [
    {
      header: 'Product',
      cell: (product) => (
        <span className="flex min-w-40 items-center gap-3">
          <img
            {...pictureSources(product.imageUrl, PICTURE_SIZES.thumbnail)}
            alt=""
            width={48}
            height={36}
            loading="lazy"
            className="h-9 w-12 shrink-0 rounded object-cover"
          />
          <span>{product.name}</span>
        </span>
      ),
    },
    { header: 'Price', cell: (product) => formatDollars(product.price), className: 'tabular-nums' },
    { header: 'Available Qnty', cell: (product) => formatCount(product.availableQnt), className: 'tabular-nums' },
    { header: 'Order rules', cell: (product) => <span className="text-sm">{rulesSummary(product)}</span>, className: 'min-w-32' },
    {
      header: 'Action',
      action: true,
      cell: (product) => (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm btn-outline" disabled={!online} aria-describedby={offlineReason} onClick={() => setEditing(product)}>
            Edit <span className="sr-only">{product.name}</span>
          </button>
          <DeleteButton row={product.name} offlineReason={offlineReason} onClick={() => remove.ask(product)} />
        </div>
      ),
    },
  ];

  const toolbar = (
    <div className="md:max-w-xl">
      <SearchBox label="Search products" placeholder="Name, SKU or description" maxLength={CATALOGUE_SEARCH_MAX_LENGTH} value={search} onChange={onSearch} />
    </div>
  );

  return (
    <>
      <OfflineNotice online={online} id={offlineId} />
      {products.isError && !products.data ? <QueryError what="products" query={products} /> : null}
      {products.isPending || products.data ? (
        <DataTable
          caption="Products"
          columns={columns}
          rows={products.data?.items}
          loading="Loading products"
          rowKey={(product) => product._id}
          empty={search.q ? 'No product matches this search.' : 'There are no products. Add one from Add A Product.'}
          busy={products.isFetching && !products.isPending}
          toolbar={toolbar}
          stackBelow="laptop"
          pagination={products.data ? { page: products.data.page, pageSize: products.data.pageSize, total: products.data.total, onPageChange } : undefined}
        />
      ) : null}

      <ConfirmModal {...remove.modal}>
        <p>
          Are you sure you want to delete <strong>{remove.target?.name}</strong>?
        </p>
        <p className="mt-2 text-sm text-base-content/80">It leaves the catalogue at once. Orders already placed keep its name and price.</p>
      </ConfirmModal>
      {editing ? <EditProductDialog product={editing} categories={categories} onClose={closeEditing} /> : null}
    </>
  );
}
