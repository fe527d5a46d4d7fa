// A company's price list, on the admins' company detail (docs/decisions/045-price-lists-and-money.md): none
// (the list price in US dollars) or one of the shop's lists. A change of currency is refused by the server
// while the company owes in its present one; the refusal is shown in its words.

import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/errors';
import { formatPercent, type CompanyPriceList } from '../../contract/price-list-admin';
import { FormField } from '../../ui/form-field';
import { SaveBar } from '../../ui/save-bar';
import { toast } from '../../ui/toast';
import { usePriceLists } from './get-price-lists';
import { useSetCompanyPriceList } from './set-company-price-list';

const NONE = '';

export function CompanyPriceListField({
  company,
  priceList,
  online,
}: {
  company: { id: string; name: string };
  priceList: CompanyPriceList | null;
  online: boolean;
}) {
  const id = useId();
  const lists = usePriceLists();
  const save = useSetCompanyPriceList();
  const [chosen, setChosen] = useState(priceList?.id ?? NONE);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    save.mutate(
      { companyId: company.id, priceListId: chosen === NONE ? null : chosen },
      {
        onSuccess: ({ priceList: now }) =>
          toast.success(now ? `${company.name} now buys with ${now.name}, in ${now.currency}` : `${company.name} now pays the list price in US dollars`),
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Price list
      </h2>
      <form noValidate className="grid gap-4" aria-busy={save.isPending} onSubmit={submit}>
        <FormField
          id={`${id}-list`}
          label="The company’s price list"
          hint={
            <p id={`${id}-hint`} className="mt-1 text-sm text-base-content/70">
              What the company pays, and in which currency. It changes currency only once it owes nothing in the present one.
            </p>
          }
        >
          <select
            id={`${id}-list`}
            className="select w-full md:max-w-md"
            aria-describedby={`${id}-hint`}
            value={chosen}
            disabled={!lists.data}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value={NONE}>None: the list price in US dollars</option>
            {/* The company's own list stays a choice while the lists load. */}
            {priceList && !lists.data ? <option value={priceList.id}>{`${priceList.name} (${priceList.currency})`}</option> : null}
            {(lists.data ?? []).map((list) => (
              <option key={list.id} value={list.id}>
                {`${list.name} (${list.currency}, ${formatPercent(list.defaultPercentOff)} off)`}
              </option>
            ))}
          </select>
        </FormField>
        {failure ? (
          <p role="alert" className="text-sm text-error">
            {failure}
          </p>
        ) : null}
        <SaveBar id={id} label="Save price list" online={online} saving={save.isPending} dirty={chosen !== (priceList?.id ?? NONE)} />
      </form>
    </section>
  );
}
