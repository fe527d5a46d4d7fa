// A company's sales reps, on the admins' company detail: who orders for the company and since when, with
// Remove (confirmed), and a choice of the reps not assigned yet (docs/decisions/043-sales-reps.md). With no
// rep at all it says where one is made.

import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage, isNotFound } from '../../api/errors';
import { texts } from '../../contract/messages';
import type { AdminRep, CompanyRep } from '../../contract/sales-rep';
import { ConfirmModal } from '../../ui/confirm-modal';
import { fieldAria, FormField } from '../../ui/form-field';
import { QueryError } from '../../ui/query-error';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { useAssignRep, useUnassignRep } from './assign-rep';
import { formatDay } from './company-status';
import { useReps } from './sales-reps';

const who = (rep: { name: string; email: string }) => rep.name || rep.email;

/** How a rep reads in the choice: the name, and the e-mail that tells two of one name apart. */
const choiceLabel = (rep: AdminRep) => (rep.name ? `${rep.name} (${rep.email})` : rep.email);

export function CompanyReps({ company, reps, online }: { company: { id: string; name: string }; reps: CompanyRep[]; online: boolean }) {
  const id = useId();
  const everyRep = useReps();
  const assign = useAssignRep();
  const unassign = useUnassignRep();
  const [chosen, setChosen] = useState('');
  const [choiceError, setChoiceError] = useState<string | undefined>(undefined);
  const [removing, setRemoving] = useState<CompanyRep | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const assigned = new Set(reps.map((rep) => rep.id));
  const available = (everyRep.data ?? []).filter((rep) => !assigned.has(rep.id));
  // A rep assigned meanwhile (here or by another admin) leaves the choice.
  const selected = available.some((rep) => rep.id === chosen) ? chosen : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rep = available.find((candidate) => candidate.id === selected);
    if (!rep) {
      setChoiceError('Choose the sales rep to assign.');
      return;
    }
    setChoiceError(undefined);
    assign.mutate(
      { companyId: company.id, userId: rep.id },
      {
        onSuccess: () => {
          toast.success(`${who(rep)} now orders for ${company.name}`);
          setChosen('');
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const askRemove = (rep: CompanyRep) => {
    setRemoving(rep);
    setRemoveError(null);
    setRemoveOpen(true);
  };
  const confirmRemove = () => {
    const rep = removing;
    if (!rep) return;
    setRemoveError(null);
    unassign.mutate(
      { companyId: company.id, userId: rep.id },
      {
        onSuccess: () => {
          toast.success(`${who(rep)} no longer orders for ${company.name}`);
          setRemoveOpen(false);
        },
        onError: (error) => {
          // Removed meanwhile, by another admin or with the rep made a customer: what was asked is so.
          if (isNotFound(error)) {
            toast.info(`${who(rep)} no longer orders for ${company.name}`);
            setRemoveOpen(false);
          } else setRemoveError(errorMessage(error));
        },
      },
    );
  };

  let assignPart;
  if (everyRep.isError && !everyRep.data) assignPart = <QueryError what="sales reps" query={everyRep} />;
  else if (!everyRep.data) assignPart = <Spinner label="Loading the sales reps" />;
  else if (everyRep.data.length === 0) {
    assignPart = (
      <p className="text-sm text-base-content/80">
        There are no sales reps yet. To make one, open{' '}
        <Link to="/dashboard/manage-users" className="link link-primary">
          Make Admin
        </Link>{' '}
        and press <strong>Make sales rep</strong> on that person’s row.
      </p>
    );
  } else if (available.length === 0) {
    assignPart = <p className="text-sm text-base-content/80">Every sales rep already orders for this company.</p>;
  } else {
    assignPart = (
      <form noValidate onSubmit={submit} aria-label="Assign a sales rep" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField id={`${id}-rep`} label="Sales rep to assign" error={choiceError} className="sm:max-w-md sm:flex-1">
          <select
            {...fieldAria(`${id}-rep`, choiceError)}
            className={`select w-full ${choiceError ? 'select-error' : ''}`}
            value={selected}
            onChange={(event) => {
              setChosen(event.target.value);
              setChoiceError(undefined);
            }}
          >
            <option value="">Choose a sales rep</option>
            {available.map((rep) => (
              <option key={rep.id} value={rep.id}>
                {choiceLabel(rep)}
              </option>
            ))}
          </select>
        </FormField>
        <button type="submit" className="btn btn-primary" disabled={!online || assign.isPending}>
          {assign.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Assign
        </button>
      </form>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Sales reps ({reps.length})
      </h2>
      <p className="text-sm text-base-content/70">A sales rep orders for this company, to any of its locations, and sees its orders.</p>
      {reps.length === 0 ? (
        <p className="text-base-content/70">No sales rep orders for this company yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Assigned sales reps">
          {reps.map((rep) => (
            <li
              key={rep.id}
              aria-label={rep.email}
              className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 bg-base-100 p-3"
            >
              <span className="grid min-w-0">
                <span className="font-medium break-words">{who(rep)}</span>
                {rep.name ? <span className="text-sm break-all text-base-content/70">{rep.email}</span> : null}
                <span className="text-sm text-base-content/70">
                  Since <time dateTime={rep.assignedAt}>{formatDay(rep.assignedAt)}</time>
                </span>
              </span>
              <button
                type="button"
                className="btn btn-sm btn-outline btn-error min-h-11 sm:min-h-8"
                disabled={!online}
                aria-label={`Remove ${who(rep)}`}
                onClick={() => askRemove(rep)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="rounded-box border border-base-300 bg-base-100 p-3 sm:p-4">{assignPart}</div>

      <ConfirmModal
        open={removeOpen}
        title={`Remove ${removing ? who(removing) : ''}?`}
        confirmLabel="Remove sales rep"
        cancelLabel="Cancel"
        busy={unassign.isPending}
        error={removeError}
        disabledReason={online ? null : texts.needsNetwork}
        onConfirm={confirmRemove}
        onClose={() => setRemoveOpen(false)}
      >
        <p>
          {removing ? who(removing) : ''} can no longer order for {company.name} or see its orders. You can assign them again at any time.
        </p>
      </ConfirmModal>
    </section>
  );
}
