// The Add Product form (the spec). The picture goes to POST /api/images first, then the
// product to POST /api/products. If the second step fails the form stays filled, says which step
// failed, and a retry reuses the picture already uploaded. The bulk-order rules (maximum, pack size,
// volume prices) are optional and go with the product, and so are the SKU (the server makes one when it is
// left empty) and the category (one in use or a new one; "General" when left empty).

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from '../../ui/toast';
import * as v from 'valibot';
import { ApiError, errorMessage, isSessionRefused, serverFieldErrors } from '../../api/errors';
import { texts, toasts } from '../../contract/messages';
import { ProductFieldsSchema, type CreateProductBody } from '../../contract/product';
import { useCreateProduct } from './create-product';
import { conflictField, ImageFileSchema, PictureField, PRODUCT_FORM_FIELDS, ProductFields } from './product-form-fields';
import { useUploadOnce } from './upload-image';

export const AddProductFormSchema = v.intersect([ProductFieldsSchema, v.object({ image: ImageFileSchema })]);
type FormInput = v.InferInput<typeof AddProductFormSchema>;
type FormOutput = v.InferOutput<typeof AddProductFormSchema>;

type Step = 'idle' | 'uploading' | 'saving';
interface Failure {
  step: 'upload' | 'save';
  message: string;
}

export interface AddProductFormProps {
  online: boolean;
  /** The categories in use, offered for the new tool's. */
  categories: readonly string[];
  /** Called when the server refuses the session (401), so the app can sign out. */
  onSessionRefused: () => void;
}

export function AddProductForm({ online, categories, onSessionRefused }: AddProductFormProps) {
  const createProduct = useCreateProduct();
  const [step, setStep] = useState<Step>('idle');
  const [failure, setFailure] = useState<Failure | null>(null);
  // The picture already on the server for the chosen file, so a retry does not upload it again.
  const uploads = useUploadOnce();
  const ids = useId();

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: valibotResolver(AddProductFormSchema),
    // Errors appear on submit, then follow each change. Validating on blur would show a message as the
    // pointer goes down on Add Product, move the button, and lose the click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', description: '', priceTiers: [] },
  });
  const { handleSubmit, reset, setError } = form;

  const busy = step !== 'idle';

  const onSubmit = async (values: FormOutput) => {
    const picture = values.image[0];
    if (!picture || !online) return;
    setFailure(null);
    let imageUrl = uploads.known(picture);
    if (!imageUrl) {
      setStep('uploading');
      try {
        imageUrl = await uploads.upload(picture);
      } catch (error) {
        setStep('idle');
        if (isSessionRefused(error)) return onSessionRefused();
        const message = errorMessage(error);
        setFailure({ step: 'upload', message });
        if (error instanceof ApiError && error.status < 500) setError('image', { message }, { shouldFocus: true });
        toast.error(toasts.productFailed);
        return;
      }
    }

    setStep('saving');
    const body: CreateProductBody = {
      name: values.name,
      description: values.description,
      price: values.price,
      availableQnt: values.availableQnt,
      minOrderQnt: values.minOrderQnt,
      ...(values.sku !== undefined ? { sku: values.sku } : {}),
      ...(values.gtin ? { gtin: values.gtin } : {}),
      ...(values.category !== undefined ? { category: values.category } : {}),
      // Rules left empty are not sent: the server's defaults are no maximum, packs of 1, the list price.
      ...(values.maxOrderQnt != null ? { maxOrderQnt: values.maxOrderQnt } : {}),
      ...(values.packSize !== undefined ? { packSize: values.packSize } : {}),
      ...(values.priceTiers && values.priceTiers.length > 0 ? { priceTiers: values.priceTiers } : {}),
      imageUrl,
    };
    try {
      await createProduct.mutateAsync(body);
      toast.success(toasts.productAdded);
      uploads.forget();
      reset();
    } catch (error) {
      if (isSessionRefused(error)) return onSessionRefused();
      setFailure({ step: 'save', message: errorMessage(error) });
      for (const { field, message } of serverFieldErrors(error, PRODUCT_FORM_FIELDS)) setError(field, { message });
      // Another tool has that SKU or barcode: said under the field, which is what to change.
      if (error instanceof ApiError && error.code === 'conflict') setError(conflictField(error), { message: error.message }, { shouldFocus: true });
      toast.error(toasts.productFailed);
    } finally {
      setStep('idle');
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="grid gap-6 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6"
      aria-busy={busy}
    >
      <FormProvider {...form}>
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
          <ProductFields categories={categories} skuHint="Optional: left empty, one is made" categoryHint="One in use or a new one; General when left empty" />
          <PictureField hint="JPEG, PNG, WebP, AVIF or GIF, up to 5 MB. It is resized to 1200 px wide." />
        </div>
      </FormProvider>

      {failure ? (
        <div role="alert" className="alert alert-error alert-soft">
          <div>
            <p className="font-semibold">
              {failure.step === 'upload' ? 'The picture was not uploaded. Nothing was saved.' : 'The picture was uploaded, but the product was not saved.'}
            </p>
            <p className="text-sm">{failure.message}</p>
            <p className="text-sm">
              {failure.step === 'save'
                ? 'Your entries are kept: press Add Product to try again. The picture will not be uploaded twice.'
                : 'Your entries are kept: press Add Product to try again.'}
            </p>
          </div>
        </div>
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <button type="submit" className="btn btn-primary sm:min-w-48" disabled={busy || !online} aria-describedby={!online ? `${ids}-offline` : undefined}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Add Product
        </button>
        <p className="text-sm text-base-content/80" aria-live="polite">
          {step === 'uploading' ? 'Uploading the picture…' : step === 'saving' ? 'Saving the product…' : null}
        </p>
        {!online ? (
          <p id={`${ids}-offline`} className="text-sm text-warning-content">
            <span className="badge badge-warning mr-2">Offline</span>
            {texts.needsNetwork}
          </p>
        ) : null}
      </div>
    </form>
  );
}
