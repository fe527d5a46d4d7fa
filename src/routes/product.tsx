// /products/{id}: the purchase page (spec section 2). Composes the catalogue (the product) and the
// orders feature (the order form); the server prices and checks every order.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { toast } from 'sonner';
import { ApiError } from '../api/errors';
import { toasts } from '../contract/messages';
import type { CreateOrderBody } from '../contract/order';
import { formatDollars, orderTotal } from '../contract/pricing';
import type { Product } from '../contract/product';
import { userProfileQueryOptions } from '../features/auth/get-user-profile';
import { useSession } from '../features/auth/session';
import { productQueryOptions, useProduct } from '../features/catalogue/get-products';
import { queueOrder } from '../features/offline/queue-order';
import { PurchaseForm } from '../features/orders/purchase-form';
import { Spinner } from '../ui/spinner';

function ProductFacts({ product }: { product: Product }) {
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3">
      {[
        ['Minimum order', `${product.minOrderQnt.toLocaleString('en-US')} pcs.`],
        ['Available', `${product.availableQnt.toLocaleString('en-US')} pcs.`],
        ['Price per unit', formatDollars(product.price)],
      ].map(([label, value]) => (
        <div key={label} className="rounded-box bg-base-200 px-3 py-3 sm:px-4">
          <dt className="text-xs text-base-content/75 sm:text-sm">{label}</dt>
          <dd className="font-bold sm:text-lg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function ProductPage() {
  const { id } = useParams({ from: '/products/$id' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const email = user?.email ?? '';
  const product = useProduct(id);
  const profile = useQuery({ ...userProfileQueryOptions(email), enabled: email !== '' });

  // The profile only prefills the address and phone: after one failed try (a poor connection) the form shows without it.
  if (product.isPending || (email !== '' && profile.isPending && profile.failureCount === 0)) return <Spinner label="Loading the tool" />;
  if (product.isError) {
    const missing = product.error instanceof ApiError && product.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-3xl font-extrabold">{missing ? 'This tool was not found' : 'The tool could not be loaded'}</h1>
        <p className="mt-3">{missing ? 'It may have been taken out of the catalogue.' : product.error.message}</p>
        <Link to="/" hash="tools" className="btn btn-primary mt-6">
          See all tools
        </Link>
      </div>
    );
  }

  const item = product.data;
  const name = profile.data?.displayName || user?.displayName || email;
  // DESIGN section 9: without a connection the order waits in the outbox, under the clientOrderId it was given.
  const saveForLater = async (order: CreateOrderBody, requestSent: boolean) => {
    try {
      await queueOrder({
        ...order,
        totalPrice: order.totalPrice ?? orderTotal(order.orderQuantity, item.price),
        ownerEmail: email,
        productName: item.name,
        imageUrl: item.imageUrl,
        unitPrice: item.price,
        maybeDelivered: requestSent,
      });
    } catch {
      toast.error(toasts.orderFailed);
      return;
    }
    toast.success(toasts.orderSavedOffline);
    void navigate({ to: '/dashboard/my-orders' });
  };
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 lg:grid-cols-2 lg:gap-12 lg:py-12">
      <section aria-labelledby="product-name" className="grid content-start gap-5">
        <img src={item.imageUrl} alt={item.name} width={800} height={600} className="aspect-[4/3] max-h-80 w-full rounded-box bg-base-200 object-cover lg:max-h-none" />
        <h1 id="product-name" className="text-3xl font-extrabold tracking-tight md:text-4xl">
          {item.name}
        </h1>
        <p className="leading-relaxed text-base-content/85">{item.description}</p>
        <ProductFacts product={item} />
      </section>
      <section aria-labelledby="order-title" className="self-start rounded-box border border-base-300 p-5 shadow-sm md:p-8">
        <h2 id="order-title" className="mb-5 text-2xl font-bold">
          Place your order
        </h2>
        <PurchaseForm
          key={item._id}
          product={item}
          userName={name}
          userEmail={email}
          defaultAddress={profile.data?.address ?? ''}
          defaultPhone={profile.data?.phone ?? ''}
          onOrdered={() => void navigate({ to: '/dashboard/my-orders' })}
          onProductChanged={(current) => queryClient.setQueryData(productQueryOptions(id).queryKey, current)}
          onUnreachable={saveForLater}
        />
      </section>
    </div>
  );
}
