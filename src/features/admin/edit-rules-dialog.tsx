// Manage Products' "Edit rules": the bulk-order rules of one tool in a modal, checked against its list price
// and minimum as the server checks them (ruleProblem), saved with PATCH /api/products/{id}.

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from '../../ui/toast';
import * as v from 'valibot';
import { errorMessage, isNotFound } from '../../api/errors';
import { texts } from '../../contract/messages';
import { formatCount, formatDollars } from '../../contract/pricing';
import { ruleProblem, UpdateProductRulesBodySchema, type Product, type UpdateProductRulesBody } from '../../contract/product';
import { useOnline } from '../offline/network-status';
import { ProductRulesFields, type RuleFormValues } from './product-rules-fields';
import { useUpdateProductRules } from './update-product-rules';
import { useModalDialog } from '../../ui/use-modal-dialog';

/** The rules as the form holds them, with the checks that tie them to this tool's price and minimum. */
function rulesFormSchema(product: Product) {
  return v.pipe(
    UpdateProductRulesBodySchema,
    v.rawCheck<UpdateProductRulesBody>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const problem = ruleProblem({ ...dataset.value, price: product.price, minOrderQnt: product.minOrderQnt });
      if (!problem) return;
      const value = dataset.value as Record<string, unknown>;
      addIssue({ message: problem.message, path: [{ type: 'object', origin: 'value', input: value, key: problem.field, value: value[problem.field] }] });
    }),
  );
}

function RulesForm({ product, onDone }: { product: Product; onDone: () => void }) {
  const online = useOnline();
  const update = useUpdateProductRules();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => rulesFormSchema(product), [product]);
  const form = useForm<RuleFormValues, unknown, UpdateProductRulesBody>({
    resolver: valibotResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      maxOrderQnt: product.maxOrderQnt ?? undefined,
      // A pack of 1 is "any quantity": the box shows empty, as on Add A Product.
      packSize: (product.packSize ?? 1) > 1 ? product.packSize : undefined,
      priceTiers: product.priceTiers ?? [],
    },
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    // Empty boxes clear a rule: no maximum, packs of 1, no volume prices.
    const body: UpdateProductRulesBody = { maxOrderQnt: values.maxOrderQnt ?? null, packSize: values.packSize ?? 1, priceTiers: values.priceTiers ?? [] };
    try {
      await update.mutateAsync({ id: product._id, body });
      toast.success(`The rules of ${product.name} are saved.`);
      onDone();
    } catch (error) {
      if (isNotFound(error)) {
        toast.info(`${product.name} was already deleted.`);
        onDone();
        return;
      }
      setFailure(errorMessage(error));
    }
  });

  const busy = form.formState.isSubmitting || update.isPending;
  return (
    <FormProvider {...form}>
      <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <p className="text-sm text-base-content/80">
          List price <strong>{formatDollars(product.price)}</strong> per unit, minimum order <strong>{formatCount(product.minOrderQnt)} pcs.</strong>
        </p>
        <ProductRulesFields />
        {failure ? (
          <p role="alert" className="rounded-box bg-error/10 p-3 text-sm text-error">
            {failure}
          </p>
        ) : null}
        {online ? null : <p className="text-sm text-error">{texts.needsNetwork}</p>}
        <div className="modal-action">
          <button type="button" className="btn" disabled={busy} onClick={onDone}>
            Close
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || !online}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Save rules
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

export interface EditRulesDialogProps {
  product: Product;
  onClose: () => void;
}

/** Shown while mounted; focus goes back to the button that opened it. */
export function EditRulesDialog({ product, onClose }: EditRulesDialogProps) {
  const ref = useModalDialog(onClose);
  const titleId = useId();

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId}>
      <div className="modal-box sm:max-w-2xl">
        <h2 id={titleId} className="mb-4 text-lg font-bold">
          Rules of {product.name}
        </h2>
        <RulesForm product={product} onDone={() => ref.current?.close()} />
      </div>
    </dialog>
  );
}
