// The Add Product form (the spec). The picture goes to POST /api/images first, then the
// product to POST /api/products. If the second step fails the form stays filled, says which step
// failed, and a retry reuses the picture already uploaded. The bulk-order rules (maximum, pack size,
// volume prices) are optional and go with the product, and so are the SKU (the server makes one when it is
// left empty) and the category (one in use or a new one; "General" when left empty).

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { FormProvider, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from '../../ui/toast';
import * as v from 'valibot';
import { ApiError, errorMessage, isSessionRefused, serverFieldErrors } from '../../api/errors';
import { IMAGE_MAX_BYTES } from '../../contract/constants';
import { validationMessages as m, texts, toasts } from '../../contract/messages';
import { IMAGE_TYPES, ProductFieldsSchema, type CreateProductBody } from '../../contract/product';
import { useCreateProduct } from './create-product';
import { ProductRulesFields } from './product-rules-fields';
import { uploadImage } from './upload-image';

const imageTooLarge = `The picture must be ${IMAGE_MAX_BYTES / (1024 * 1024)} MB or smaller`;
const imageWrongType = 'Choose a JPEG, PNG, WebP, AVIF or GIF picture';

const ImageFileSchema = v.pipe(
  v.custom<FileList>((input) => {
    const list = input as Partial<FileList> | null;
    return typeof list === 'object' && list !== null && typeof list.length === 'number' && list.length > 0 && list[0] instanceof Blob;
  }, m.imageRequired),
  v.check((list) => (list[0]?.size ?? 0) <= IMAGE_MAX_BYTES, imageTooLarge),
  // The server reads the type from the bytes; this only catches an obvious mistake early.
  v.check((list) => (IMAGE_TYPES as readonly string[]).includes(list[0]?.type ?? ''), imageWrongType),
);

export const AddProductFormSchema = v.intersect([ProductFieldsSchema, v.object({ image: ImageFileSchema })]);
type FormInput = v.InferInput<typeof AddProductFormSchema>;
type FormOutput = v.InferOutput<typeof AddProductFormSchema>;

type Step = 'idle' | 'uploading' | 'saving';
interface Failure {
  step: 'upload' | 'save';
  message: string;
}

const NUMBER_FIELDS = ['price', 'availableQnt', 'minOrderQnt'] as const;
const FORM_FIELDS = ['name', 'description', 'sku', 'category', ...NUMBER_FIELDS, 'maxOrderQnt', 'packSize', 'priceTiers'] as const;

/** An optional text field left empty is not sent: the schema then takes it as left out, not as wrong. */
const emptyAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
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
  const uploaded = useRef<{ file: File; url: string } | null>(null);
  const ids = useId();

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: valibotResolver(AddProductFormSchema),
    // Errors appear on submit, then follow each change. Validating on blur would show a message as the
    // pointer goes down on Add Product, move the button, and lose the click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', description: '', priceTiers: [] },
  });
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors },
  } = form;

  const description = watch('description') ?? '';
  const files = watch('image') as FileList | undefined;
  const file = files && files.length > 0 ? files[0] : undefined;
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const busy = step !== 'idle';

  const onSubmit = async (values: FormOutput) => {
    const picture = values.image[0];
    if (!picture || !online) return;
    setFailure(null);
    let imageUrl = uploaded.current?.file === picture ? uploaded.current.url : null;
    if (!imageUrl) {
      setStep('uploading');
      try {
        imageUrl = await uploadImage(picture);
        uploaded.current = { file: picture, url: imageUrl };
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
      uploaded.current = null;
      reset();
    } catch (error) {
      if (isSessionRefused(error)) return onSessionRefused();
      setFailure({ step: 'save', message: errorMessage(error) });
      for (const { field, message } of serverFieldErrors(error, FORM_FIELDS)) setError(field, { message });
      // Another tool has that SKU: said under the SKU, which is what to change.
      if (error instanceof ApiError && error.code === 'conflict') setError('sku', { message: error.message }, { shouldFocus: true });
      toast.error(toasts.productFailed);
    } finally {
      setStep('idle');
    }
  };

  const fieldError = (name: keyof FormInput) => {
    const message = errors[name]?.message;
    return message ? (
      <p id={`${ids}-${name}-error`} className="mt-1 text-sm text-error">
        {message}
      </p>
    ) : null;
  };
  const describedBy = (name: keyof FormInput, extra?: string) => [errors[name] ? `${ids}-${name}-error` : null, extra].filter(Boolean).join(' ') || undefined;

  /** A field of the form: its label, input, optional hint and message; `input` adds to the input's attributes. */
  const field = (
    name: 'name' | 'sku' | 'category' | (typeof NUMBER_FIELDS)[number],
    label: string,
    registered: UseFormRegisterReturn,
    options: { hint?: string; input?: InputHTMLAttributes<HTMLInputElement>; after?: ReactNode } = {},
  ) => (
    <div>
      <label htmlFor={`${ids}-${name}`} className="mb-1 block font-medium">
        {label}
      </label>
      <input
        id={`${ids}-${name}`}
        type="text"
        autoComplete="off"
        {...options.input}
        className={`input w-full ${errors[name] ? 'input-error' : ''}`}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={describedBy(name, options.hint ? `${ids}-${name}-hint` : undefined)}
        {...registered}
      />
      {options.after}
      {options.hint ? (
        <p id={`${ids}-${name}-hint`} className="mt-1 text-xs text-base-content/70">
          {options.hint}
        </p>
      ) : null}
      {fieldError(name)}
    </div>
  );
  const numberField = (name: (typeof NUMBER_FIELDS)[number], label: string, hint: string) =>
    field(name, label, register(name, { valueAsNumber: true }), { hint, input: { type: 'number', inputMode: 'numeric', min: 1, step: 1 } });
  const optionalText = (name: 'sku' | 'category') => register(name, { setValueAs: emptyAsMissing });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="grid gap-6 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6"
      aria-busy={busy}
    >
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid content-start gap-5">
          {field('name', 'Product Name', register('name'))}

          <div>
            <label htmlFor={`${ids}-description`} className="mb-1 block font-medium">
              Description
            </label>
            <textarea
              id={`${ids}-description`}
              rows={6}
              className={`textarea w-full ${errors.description ? 'textarea-error' : ''}`}
              aria-invalid={Boolean(errors.description)}
              aria-describedby={describedBy('description', `${ids}-description-count`)}
              {...register('description')}
            />
            <p id={`${ids}-description-count`} className="mt-1 text-xs text-base-content/70">
              {description.trim().length} characters, at least 150
            </p>
            {fieldError('description')}
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            {field('sku', 'SKU', optionalText('sku'), {
              hint: 'Optional: left empty, one is made',
              input: { autoCapitalize: 'characters', spellCheck: false, placeholder: 'FL-CS184' },
            })}
            {field('category', 'Category', optionalText('category'), {
              hint: 'One in use or a new one; General when left empty',
              input: { list: `${ids}-categories`, placeholder: 'General' },
              after: (
                <datalist id={`${ids}-categories`}>
                  {categories.map((name) => (
                    <option key={name} value={name} />
                  ))}
                </datalist>
              ),
            })}
          </div>

          <div className="grid gap-5 sm:grid-cols-3">
            {numberField('price', 'Price Per Unit ($)', 'Whole dollars')}
            {numberField('availableQnt', 'Available Quantity', 'Units in stock')}
            {numberField('minOrderQnt', 'Minimum Order Quantity', 'Not more than the stock')}
          </div>

          <FormProvider {...form}>
            <ProductRulesFields />
          </FormProvider>
        </div>

        <div className="grid max-w-sm content-start gap-3 xl:max-w-none">
          <label htmlFor={`${ids}-image`} className="block font-medium">
            Product Image
          </label>
          <input
            id={`${ids}-image`}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className={`file-input w-full ${errors.image ? 'file-input-error' : ''}`}
            aria-invalid={Boolean(errors.image)}
            aria-describedby={describedBy('image', `${ids}-image-hint`)}
            {...register('image')}
          />
          <p id={`${ids}-image-hint`} className="text-xs text-base-content/70">
            JPEG, PNG, WebP, AVIF or GIF, up to 5 MB. It is resized to 1200 px wide.
          </p>
          {fieldError('image')}
          <figure className="grid aspect-[4/3] place-items-center overflow-hidden rounded-box border border-dashed border-base-300 bg-base-200">
            {preview ? (
              <img src={preview} alt="Preview of the chosen picture" className="h-full w-full object-contain" />
            ) : (
              <figcaption className="px-4 text-center text-sm text-base-content/70">The chosen picture is shown here</figcaption>
            )}
          </figure>
          {file ? (
            <p className="truncate text-sm text-base-content/80" title={file.name}>
              {file.name} ({formatSize(file.size)})
            </p>
          ) : null}
        </div>
      </div>

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
