// Manage Products' editor: every field of a tool in a modal, the same fields and checks as Add A Product
// (name, description, SKU, category, price in whole dollars, stock, minimum, the bulk-order rules) and a
// picture that replaces the tool's own when one is chosen (uploaded with POST /api/images first, as on Add A
// Product). Only what was changed is sent with PATCH /api/products/{id}: a stock figure left as it was
// never undoes what an order took while the editor was open.

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import * as v from 'valibot';
import { ApiError, errorMessage, isNotFound, serverFieldErrors } from '../../api/errors';
import { texts } from '../../contract/messages';
import { ProductFieldsSchema, type Product, type UpdateProductBody } from '../../contract/product';
import { pictureSources } from '../../ui/product-picture';
import { toast } from '../../ui/toast';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { useOnline } from '../offline/network-status';
import { conflictField, PictureField, PRODUCT_FORM_FIELDS, ProductFields, ReplacementImageSchema, type ProductFormInput } from './product-form-fields';
import { useUpdateProduct } from './update-product';
import { useUploadOnce } from './upload-image';

const EditProductFormSchema = v.intersect([ProductFieldsSchema, v.object({ image: ReplacementImageSchema })]);
type FormOutput = v.InferOutput<typeof EditProductFormSchema>;

type Step = 'idle' | 'uploading' | 'saving';

/** The picture's column: 16rem beside the fields from lg, at most 24rem above or below them. */
const PICTURE_PREVIEW_SIZES = '(min-width: 992px) 256px, 384px';

function EditProductForm({ product, categories, onDone }: { product: Product; categories: readonly string[]; onDone: () => void }) {
  const online = useOnline();
  const update = useUpdateProduct();
  const [step, setStep] = useState<Step>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  // The picture already on the server for the chosen file, so a retry does not upload it again.
  const uploads = useUploadOnce();
  const form = useForm<ProductFormInput, unknown, FormOutput>({
    resolver: valibotResolver(EditProductFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      name: product.name,
      description: product.description,
      sku: product.sku,
      gtin: product.gtin ?? undefined,
      category: product.category,
      price: product.price,
      availableQnt: product.availableQnt,
      minOrderQnt: product.minOrderQnt,
      maxOrderQnt: product.maxOrderQnt ?? undefined,
      // A pack of 1 is "any quantity": the box shows empty, as on Add A Product.
      packSize: (product.packSize ?? 1) > 1 ? product.packSize : undefined,
      priceTiers: product.priceTiers ?? [],
    },
  });
  const { dirtyFields } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const picture = values.image?.[0];
    let imageUrl: string | undefined;
    if (picture) {
      imageUrl = uploads.known(picture) ?? undefined;
      if (!imageUrl) {
        setStep('uploading');
        try {
          imageUrl = await uploads.upload(picture);
        } catch (error) {
          setStep('idle');
          const message = errorMessage(error);
          setFailure(`The picture was not uploaded, so nothing was saved. ${message}`);
          if (error instanceof ApiError && error.status < 500) form.setError('image', { message }, { shouldFocus: true });
          return;
        }
      }
    }

    const rulesChanged = Boolean(dirtyFields.maxOrderQnt || dirtyFields.packSize || dirtyFields.priceTiers);
    const body: UpdateProductBody = {
      ...(dirtyFields.name ? { name: values.name } : {}),
      ...(dirtyFields.description ? { description: values.description } : {}),
      ...(dirtyFields.price ? { price: values.price } : {}),
      ...(dirtyFields.availableQnt ? { availableQnt: values.availableQnt } : {}),
      ...(dirtyFields.minOrderQnt ? { minOrderQnt: values.minOrderQnt } : {}),
      // An emptied SKU or category keeps the tool's own (the hint says so).
      ...(dirtyFields.sku && values.sku !== undefined ? { sku: values.sku } : {}),
      ...(dirtyFields.category && values.category !== undefined ? { category: values.category } : {}),
      // An emptied barcode is taken off the tool.
      ...(dirtyFields.gtin ? { gtin: values.gtin ?? null } : {}),
      // Empty rule boxes clear a rule: no maximum, packs of 1, no volume prices.
      ...(rulesChanged ? { maxOrderQnt: values.maxOrderQnt ?? null, packSize: values.packSize ?? 1, priceTiers: values.priceTiers ?? [] } : {}),
      ...(imageUrl ? { imageUrl } : {}),
    };
    if (Object.keys(body).length === 0) {
      setStep('idle');
      toast.info(`Nothing was changed in ${product.name}.`);
      onDone();
      return;
    }

    setStep('saving');
    try {
      const saved = await update.mutateAsync({ id: product._id, body });
      toast.success(`${saved.name} is saved.`);
      onDone();
    } catch (error) {
      if (isNotFound(error)) {
        toast.info(`${product.name} was already deleted.`);
        onDone();
        return;
      }
      setFailure(errorMessage(error));
      // The server names the picture by its URL; the form, by its file box.
      for (const { field, message } of serverFieldErrors(error, [...PRODUCT_FORM_FIELDS, 'imageUrl']))
        form.setError(field === 'imageUrl' ? 'image' : field, { message });
      // Another tool has that SKU or barcode: said under the field, which is what to change.
      if (error instanceof ApiError && error.code === 'conflict') form.setError(conflictField(error), { message: error.message }, { shouldFocus: true });
    } finally {
      setStep('idle');
    }
  });

  const busy = step !== 'idle' || form.formState.isSubmitting;
  return (
    <FormProvider {...form}>
      <form noValidate className="grid gap-5" onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
          <ProductFields
            categories={categories}
            skuHint={`Unique to this tool; left empty, it stays ${product.sku ?? 'as it is'}`}
            categoryHint={`One in use or a new one; left empty, it stays ${product.category ?? 'as it is'}`}
          />
          <PictureField
            hint="To replace the picture, choose another: JPEG, PNG, WebP, AVIF or GIF, up to 5 MB. Orders already placed keep theirs."
            current={pictureSources(product.imageUrl, PICTURE_PREVIEW_SIZES)}
          />
        </div>
        {failure ? (
          <p role="alert" className="rounded-box bg-error/10 p-3 text-sm text-error">
            {failure}
          </p>
        ) : null}
        {online ? null : <p className="text-sm text-error">{texts.needsNetwork}</p>}
        {/* Save stays in view at the foot of the box while the long form scrolls (the box's padding is below it). */}
        <div className="modal-action sticky -bottom-6 -mx-6 -mb-6 mt-0 flex-wrap items-center border-t border-base-300 bg-base-100 px-6 py-4">
          <p className="mr-auto text-sm text-base-content/80" aria-live="polite">
            {step === 'uploading' ? 'Uploading the picture…' : step === 'saving' ? 'Saving the product…' : null}
          </p>
          <button type="button" className="btn" disabled={busy} onClick={onDone}>
            Close
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || !online}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Save changes
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

export interface EditProductDialogProps {
  product: Product;
  /** The categories in use, offered for the tool's. */
  categories: readonly string[];
  onClose: () => void;
}

/** Shown while mounted; focus goes back to the button that opened it. */
export function EditProductDialog({ product, categories, onClose }: EditProductDialogProps) {
  const ref = useModalDialog(onClose);
  const titleId = useId();

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId}>
      <div className="modal-box max-h-[92dvh] sm:w-11/12 sm:max-w-5xl">
        <h2 id={titleId} className="mb-4 text-lg font-bold">
          Edit {product.name}
        </h2>
        <EditProductForm product={product} categories={categories} onDone={() => ref.current?.close()} />
      </div>
    </dialog>
  );
}
