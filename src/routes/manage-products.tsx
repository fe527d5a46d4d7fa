// Manage Products (spec section 2): Product, Price, Available Qnty, and Delete through the modal.

import { useId } from 'react';
import { toast } from 'sonner';
import { texts, toasts } from '../contract/messages';
import { formatDollars } from '../contract/pricing';
import type { Product } from '../contract/product';
import { actionErrorMessage, isNotFound } from '../features/admin/action-error';
import { useDeleteProduct } from '../features/admin/delete-product';
import { OfflineNotice } from '../features/admin/offline-notice';
import { useConfirmTarget } from '../features/admin/use-confirm-target';
import { useProducts } from '../features/catalogue/get-products';
import { useOnline } from '../features/offline/network-status';
import { ConfirmModal } from '../ui/confirm-modal';
import { DataTable, type Column } from '../ui/data-table';
import { Page } from '../ui/page';
import { Spinner } from '../ui/spinner';

export default function ManageProductsPage() {
  const products = useProducts();
  const deleteProduct = useDeleteProduct();
  const online = useOnline();
  const offlineId = useId();
  const confirm = useConfirmTarget<Product>();

  const confirmDelete = () => {
    const product = confirm.target;
    if (!product) return;
    confirm.setError(null);
    deleteProduct.mutate(product._id, {
      onSuccess: () => {
        toast.success(toasts.productDeleted);
        confirm.close();
      },
      onError: (error) => {
        if (isNotFound(error)) {
          toast.info(`${product.name} was already deleted.`);
          confirm.close();
        } else confirm.setError(actionErrorMessage(error));
      },
    });
  };

  const columns: Column<Product>[] = [
    {
      header: 'Product',
      cell: (product) => (
        <span className="flex min-w-48 items-center gap-3">
          <img src={product.imageUrl} alt="" width={48} height={36} loading="lazy" className="h-9 w-12 shrink-0 rounded object-cover" />
          <span>{product.name}</span>
        </span>
      ),
    },
    { header: 'Price', cell: (product) => formatDollars(product.price), className: 'tabular-nums' },
    { header: 'Available Qnty', cell: (product) => product.availableQnt.toLocaleString('en-US'), className: 'tabular-nums' },
    {
      header: 'Delete',
      cell: (product) => (
        <button type="button" className="btn btn-sm btn-error btn-outline" disabled={!online} aria-describedby={online ? undefined : offlineId} onClick={() => confirm.ask(product)}>
          Delete
          <span className="sr-only"> {product.name}</span>
        </button>
      ),
    },
  ];

  return (
    <Page title="Manage Products" wide>
      <OfflineNotice online={online} id={offlineId} />
      {products.isPending ? <Spinner label="Loading products" /> : null}
      {products.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>The products could not be loaded. {actionErrorMessage(products.error)}</span>
          <button type="button" className="btn btn-sm" onClick={() => void products.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {products.data ? (
        <DataTable
          caption="Products"
          columns={columns}
          rows={products.data}
          rowKey={(product) => product._id}
          empty="There are no products. Add one from Add A Product."
          busy={products.isFetching && !products.isPending}
        />
      ) : null}

      <ConfirmModal
        open={confirm.open}
        title={texts.deleteAlertTitle}
        confirmLabel="Delete"
        busy={deleteProduct.isPending}
        error={confirm.error}
        disabledReason={online ? null : texts.needsNetwork}
        onConfirm={confirmDelete}
        onClose={confirm.close}
      >
        <p>
          Are you sure you want to delete <strong>{confirm.target?.name}</strong>?
        </p>
        <p className="mt-2 text-sm text-base-content/80">It leaves the catalogue at once. Orders already placed keep its name and price.</p>
      </ConfirmModal>
    </Page>
  );
}
