// The fields a tool is made of, one set for Add A Product and the product editor: name, description, SKU, barcode,
// category, price per unit in whole dollars, stock, minimum, the bulk-order rules, and the picture with its
// preview. Each form holds them at the top level under these names and hands its form in with FormProvider;
// each form's schema is built on the contract's ProductFieldsSchema, the server's checks.

import { useEffect, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useFormContext, type UseFormRegisterReturn } from 'react-hook-form';
import * as v from 'valibot';
import { IMAGE_MAX_BYTES } from '../../contract/constants';
import { validationMessages as m } from '../../contract/messages';
import { gtinMessages } from '../../contract/gtin';
import { IMAGE_TYPES } from '../../contract/product';
import { ProductRulesFields, type RuleFormValues } from './product-rules-fields';

const imageTooLarge = `The picture must be ${IMAGE_MAX_BYTES / (1024 * 1024)} MB or smaller`;
const imageWrongType = 'Choose a JPEG, PNG, WebP, AVIF or GIF picture';

const isFileList = (input: unknown): input is FileList => {
  const list = input as Partial<FileList> | null;
  return typeof list === 'object' && list !== null && typeof list.length === 'number';
};
const fileChecks = [
  v.check((list: FileList) => (list[0]?.size ?? 0) <= IMAGE_MAX_BYTES, imageTooLarge),
  // The server reads the type from the bytes; this only catches an obvious mistake early.
  v.check((list: FileList) => list.length === 0 || (IMAGE_TYPES as readonly string[]).includes(list[0]?.type ?? ''), imageWrongType),
] as const;

/** Add A Product's picture: one file, required. */
export const ImageFileSchema = v.pipe(
  v.custom<FileList>((input) => isFileList(input) && input.length > 0 && input[0] instanceof Blob, m.imageRequired),
  ...fileChecks,
);

/** The editor's picture: none keeps the tool's own, a file replaces it. */
export const ReplacementImageSchema = v.optional(v.pipe(v.custom<FileList>(isFileList, m.imageRequired), ...fileChecks));

export const NUMBER_FIELDS = ['price', 'availableQnt', 'minOrderQnt'] as const;
/** The fields the server may name in a refusal, as the forms call them. */
export const PRODUCT_FORM_FIELDS = ['name', 'description', 'sku', 'gtin', 'category', ...NUMBER_FIELDS, 'maxOrderQnt', 'packSize', 'priceTiers'] as const;

/** The form's values as typed, before the schema reads them. */
export interface ProductFormInput extends RuleFormValues {
  name: string;
  description: string;
  sku?: string | undefined;
  gtin?: string | null | undefined;
  category?: string | undefined;
  price: number;
  availableQnt: number;
  minOrderQnt: number;
  image?: FileList | undefined;
}

/** The field a 409 from the server is about: the barcode another tool has, else the SKU. */
export const conflictField = (error: { message: string }): 'gtin' | 'sku' => (error.message === gtinMessages.taken ? 'gtin' : 'sku');

/** An optional text field left empty is not sent: the schema then takes it as left out, not as wrong. */
const emptyAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-error">
      {message}
    </p>
  ) : null;
}

export interface ProductFieldsProps {
  /** The categories in use, offered for the tool's. */
  categories: readonly string[];
  /** Under the SKU: on Add A Product it may be left empty. */
  skuHint: string;
  /** Under the category. */
  categoryHint: string;
}

/** Every field of a tool but its picture. */
export function ProductFields({ categories, skuHint, categoryHint }: ProductFieldsProps) {
  const ids = useId();
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<ProductFormInput>();
  const description = watch('description') ?? '';

  const errorId = (name: string) => `${ids}-${name}-error`;
  const describedBy = (name: keyof ProductFormInput, extra?: string) => [errors[name] ? errorId(name) : null, extra].filter(Boolean).join(' ') || undefined;

  /** A field of the form: its label, input, optional hint and message; `input` adds to the input's attributes. */
  const field = (
    name: 'name' | 'sku' | 'gtin' | 'category' | (typeof NUMBER_FIELDS)[number],
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
      <FieldMessage id={errorId(name)} message={errors[name]?.message} />
    </div>
  );
  const numberField = (name: (typeof NUMBER_FIELDS)[number], label: string, hint: string) =>
    field(name, label, register(name, { valueAsNumber: true }), { hint, input: { type: 'number', inputMode: 'numeric', min: 1, step: 1 } });
  const optionalText = (name: 'sku' | 'gtin' | 'category') => register(name, { setValueAs: emptyAsMissing });

  return (
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
        <FieldMessage id={errorId('description')} message={errors.description?.message} />
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        {field('sku', 'SKU', optionalText('sku'), {
          hint: skuHint,
          input: { autoCapitalize: 'characters', spellCheck: false, placeholder: 'FL-CS184' },
        })}
        {field('gtin', 'Barcode (EAN-13)', optionalText('gtin'), {
          hint: 'The number under the barcode on the box, so the counter can scan it; optional',
          input: { inputMode: 'numeric', spellCheck: false, placeholder: '0614141000012' },
        })}
        {field('category', 'Category', optionalText('category'), {
          hint: categoryHint,
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

      {/* Three in a row only where each label fits on one line. */}
      <div className="grid grid-cols-[repeat(auto-fit,minmax(13rem,1fr))] gap-5">
        {numberField('price', 'Price Per Unit ($)', 'Whole dollars')}
        {numberField('availableQnt', 'Available Quantity', 'Units in stock')}
        {numberField('minOrderQnt', 'Minimum Order Quantity', 'Not more than the stock')}
      </div>

      <ProductRulesFields />
    </div>
  );
}

export interface PictureFieldProps {
  /** Under the file box. */
  hint: string;
  /** The tool's picture now, shown until another is chosen (the editor). */
  current?: { src: string; srcSet?: string; sizes?: string } | undefined;
}

/** The picture's file box and a preview of the chosen file, or of the tool's own picture until one is chosen. */
export function PictureField({ hint, current }: PictureFieldProps) {
  const ids = useId();
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<ProductFormInput>();
  const files = watch('image');
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
  const message = errors.image?.message;

  return (
    <div className="grid max-w-sm content-start gap-3 xl:max-w-none">
      <label htmlFor={`${ids}-image`} className="block font-medium">
        Product Image
      </label>
      <input
        id={`${ids}-image`}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className={`file-input w-full ${message ? 'file-input-error' : ''}`}
        aria-invalid={Boolean(message)}
        aria-describedby={[message ? `${ids}-image-error` : null, `${ids}-image-hint`].filter(Boolean).join(' ')}
        {...register('image')}
      />
      <p id={`${ids}-image-hint`} className="text-xs text-base-content/70">
        {hint}
      </p>
      <FieldMessage id={`${ids}-image-error`} message={message} />
      <figure className="grid aspect-[4/3] place-items-center overflow-hidden rounded-box border border-dashed border-base-300 bg-base-200">
        {preview ? (
          <img src={preview} alt="Preview of the chosen picture" className="h-full w-full object-contain" />
        ) : current ? (
          <img {...current} alt="The product's picture now" className="h-full w-full object-contain" />
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
  );
}
