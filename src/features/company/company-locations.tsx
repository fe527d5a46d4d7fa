// My Company's locations, one card each (one column on phones): the default marked, and for the company
// admin adding, changing, deleting (after a confirmation) and making one the default. One form is open at
// a time, so its labels name one field each.

import { useState } from 'react';
import { errorMessage, isSessionRefused } from '../../api/errors';
import { companyMessages, type Company, type Location } from '../../contract/dealer-company';
import { placeTaxTerms, showsTax, taxLine } from '../../contract/tax';
import { countryName } from '../../ui/country-name';
import { ConfirmModal } from '../../ui/confirm-modal';
import { toast } from '../../ui/toast';
import { reportSessionExpired } from '../auth/session';
import { useAddLocation } from './add-location';
import { useDeleteLocation } from './delete-location';
import { LocationForm } from './location-form';
import { useMakeDefaultLocation } from './make-default-location';
import { useUpdateLocation } from './update-location';

export interface CompanyLocationsProps {
  locations: Location[];
  /** The company's country, where a new location starts, and whether it is exempt under the reverse charge. */
  company: Pick<Company, 'country' | 'taxExempt'>;
  editable: boolean;
  online: boolean;
}

/** What a location's card says of the tax of orders shipped there. */
function locationTax(location: Location, taxExempt: boolean): string {
  const place = [countryName(location.country ?? ''), location.region].filter(Boolean).join(', ');
  const terms = placeTaxTerms(location, taxExempt);
  return `${place} · ${showsTax(terms) ? taxLine(terms) : 'no tax rate set'}`;
}

type Editing = { kind: 'new' } | { kind: 'edit'; id: string } | null;

export function CompanyLocations({ locations, company, editable, online }: CompanyLocationsProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Location | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const add = useAddLocation();
  const update = useUpdateLocation();
  const remove = useDeleteLocation();
  const makeDefault = useMakeDefaultLocation();

  const onMakeDefault = async (location: Location) => {
    try {
      await makeDefault.mutateAsync(location.id);
      toast.success(`${location.name} is now your default location`);
    } catch (error) {
      if (isSessionRefused(error)) {
        reportSessionExpired();
        return;
      }
      toast.error(errorMessage(error));
    }
  };

  const onDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`${deleting.name} is deleted`);
      setDeleting(null);
    } catch (error) {
      if (isSessionRefused(error)) {
        reportSessionExpired();
        return;
      }
      setDeleteError(errorMessage(error));
    }
  };

  // The server refuses it too; saying so before the click spares the dealer a refusal.
  const defaultInUse = deleting !== null && deleting.isDefault && locations.length > 1 ? companyMessages.defaultInUse : null;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Locations</h2>
        {editable && editing === null ? (
          <button type="button" className="btn btn-outline btn-sm min-h-11 sm:min-h-8" onClick={() => setEditing({ kind: 'new' })} disabled={!online}>
            Add a location
          </button>
        ) : null}
      </div>

      {editing?.kind === 'new' ? (
        <div className="rounded-box border border-base-300 bg-base-100 p-4">
          <LocationForm
            initial={{ name: '', contactName: '', address: '', phone: '', country: company.country, region: '' }}
            label="New location"
            submitLabel="Add location"
            online={online}
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              const added = await add.mutateAsync(values);
              toast.success(added.isDefault ? `${added.name} is added as your default location` : `${added.name} is added`);
              setEditing(null);
            }}
          />
        </div>
      ) : null}

      {locations.length === 0 && editing?.kind !== 'new' ? (
        <p className="text-base-content/70">
          {editable ? 'No locations yet. Add your branches and their delivery addresses here.' : 'Your company has no locations yet.'}
        </p>
      ) : null}

      <ul className="grid gap-4 md:grid-cols-2" aria-label="Locations">
        {locations.map((location) => (
          <li key={location.id} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm" aria-label={location.name}>
            {editing?.kind === 'edit' && editing.id === location.id ? (
              <LocationForm
                label={`Change ${location.name}`}
                submitLabel="Save location"
                initial={{
                  name: location.name,
                  contactName: location.contactName,
                  address: location.address,
                  phone: location.phone,
                  country: location.country ?? company.country,
                  region: location.region ?? '',
                }}
                online={online}
                onCancel={() => setEditing(null)}
                onSubmit={async (values) => {
                  await update.mutateAsync({ id: location.id, body: values });
                  toast.success(`${values.name.trim()} is updated`);
                  setEditing(null);
                }}
              />
            ) : (
              <div className="grid gap-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="font-semibold break-words">{location.name}</h3>
                  {location.isDefault ? <span className="badge badge-primary">Default</span> : null}
                </div>
                <dl className="grid gap-1 text-sm">
                  <div>
                    <dt className="sr-only">Contact</dt>
                    <dd>{location.contactName}</dd>
                  </div>
                  <div>
                    <dt className="sr-only">Address</dt>
                    <dd className="whitespace-pre-line break-words">{location.address}</dd>
                  </div>
                  {location.phone ? (
                    <div>
                      <dt className="sr-only">Phone</dt>
                      <dd>{location.phone}</dd>
                    </div>
                  ) : null}
                  <div>
                    <dt className="sr-only">Country and tax</dt>
                    <dd className="text-base-content/80" data-testid="location-tax">
                      {locationTax(location, company.taxExempt === true)}
                    </dd>
                  </div>
                </dl>
                {editable ? (
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn btn-sm min-h-11 sm:min-h-8"
                      onClick={() => setEditing({ kind: 'edit', id: location.id })}
                      disabled={!online || editing !== null}
                      aria-label={`Edit ${location.name}`}
                    >
                      Edit
                    </button>
                    {location.isDefault ? null : (
                      <button
                        type="button"
                        className="btn btn-sm min-h-11 sm:min-h-8"
                        onClick={() => void onMakeDefault(location)}
                        disabled={!online || makeDefault.isPending}
                        aria-label={`Make ${location.name} the default`}
                      >
                        Make default
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error min-h-11 sm:min-h-8"
                      onClick={() => {
                        setDeleteError(null);
                        setDeleting(location);
                      }}
                      disabled={!online}
                      aria-label={`Delete ${location.name}`}
                    >
                      Delete
                    </button>
                  </div>
                ) : null}
              </div>
            )}
          </li>
        ))}
      </ul>

      <ConfirmModal
        open={deleting !== null}
        title="Delete this location?"
        confirmLabel="Delete location"
        busy={remove.isPending}
        disabledReason={defaultInUse}
        error={deleteError}
        onConfirm={() => void onDelete()}
        onClose={() => setDeleting(null)}
      >
        <p>{deleting?.name} and its address will be removed from your company. Orders already placed keep the address they were sent to.</p>
      </ConfirmModal>
    </div>
  );
}
