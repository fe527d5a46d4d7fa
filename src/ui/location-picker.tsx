// Where an order goes: one of the company's locations, the default first and chosen to start with, or
// "Another address…", which shows the address and phone fields for this order alone. The purchase page
// and the order pad share it; the server takes a location's address and phone from the location itself
// (docs/decisions/040-dealer-companies.md). The form keeps the address and phone fields either way, holding
// the location's while one is chosen, so its checks pass and an order saved offline shows where it goes.

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import type { Location } from '../contract/dealer-company';
import { PhoneSchema } from '../contract/fields';
import { AddressSchema } from '../contract/fields';
import { FormField } from './form-field';

/** The picker's value for an address typed for this order alone. */
export const ANOTHER_ADDRESS = 'another-address';

export interface Contact {
  userAddress: string;
  userPhone: string;
}

/** The company's default location to start with, else another address (a company without locations, or offline without them). */
export function initialChoice(locations: readonly Location[]): string {
  return (locations.find((location) => location.isDefault) ?? locations[0])?.id ?? ANOTHER_ADDRESS;
}

/** The location chosen; null for another address, or for a location no longer in the list. */
export function chosenLocation(choice: string, locations: readonly Location[]): Location | null {
  return locations.find((location) => location.id === choice) ?? null;
}

/** What the form's address and phone hold: the chosen location's, or those typed for this order. */
export function contactFor(choice: string, locations: readonly Location[], typed: Contact): Contact {
  const location = chosenLocation(choice, locations);
  return location ? { userAddress: location.address, userPhone: location.phone } : typed;
}

/**
 * Switching the delivery: what was typed is remembered while a location is chosen, and comes back with
 * "Another address…".
 */
export function switchDelivery(
  state: { choice: string; typed: Contact },
  next: string,
  locations: readonly Location[],
  shown: Contact,
): { choice: string; typed: Contact; values: Contact } {
  const typed = chosenLocation(state.choice, locations) ? state.typed : shown;
  return { choice: next, typed, values: contactFor(next, locations, typed) };
}

/** The form's side of the picker: reading and writing its address and phone. */
export interface ContactForm {
  read: () => Contact;
  write: (values: Contact) => void;
}

const ContactSchema = v.object({ userAddress: AddressSchema, userPhone: PhoneSchema });

/**
 * The address-and-phone form of an order placed with its lines (the order pad, a quote accepted), checked as the
 * server checks them, with its side of the picker (`contactForm`).
 */
export function useContactForm(defaults: Contact) {
  const form = useForm<Contact>({ resolver: valibotResolver(ContactSchema), mode: 'onTouched', defaultValues: defaults });
  const contactForm: ContactForm = {
    read: () => form.getValues(),
    write: (values) => {
      form.setValue('userAddress', values.userAddress);
      form.setValue('userPhone', values.userPhone);
      form.clearErrors();
    },
  };
  return { ...form, contactForm };
}

/**
 * The picker's state for a form whose address and phone start as `typed` (the profile's, else the last
 * order's). `defaults` is what the form starts with; `locationId` is what the order sends. `start` is the
 * choice to start with instead of the default location (a sales rep's remembered one).
 */
export function useDeliveryChoice(locations: readonly Location[], typed: Contact, start?: string) {
  const [choice, setChoice] = useState(() =>
    start === ANOTHER_ADDRESS || locations.some((location) => location.id === start) ? (start ?? ANOTHER_ADDRESS) : initialChoice(locations),
  );
  const remembered = useRef(typed);
  const location = chosenLocation(choice, locations);
  return {
    choice,
    location,
    locationId: location?.id ?? null,
    defaults: contactFor(choice, locations, typed),
    change(next: string, form: ContactForm) {
      const switched = switchDelivery({ choice, typed: remembered.current }, next, locations, form.read());
      remembered.current = switched.typed;
      form.write(switched.values);
      setChoice(next);
    },
  };
}

/**
 * A sales rep's order (docs/decisions/043-sales-reps.md): the company it is for, whose locations the form
 * offers; the "Ordering for" choice, shown where the delivery starts; the delivery to start with, and each
 * change of it (remembered on the device); and why it cannot be placed, when it cannot (no company yet).
 */
export interface OrderingForSlot {
  companyId: string | null;
  picker: ReactNode;
  startLocation: string | undefined;
  onLocationChange: (choice: string) => void;
  cannotPlace: string | null;
}

export interface LocationPickerProps {
  id: string;
  locations: readonly Location[];
  choice: string;
  onChange: (choice: string) => void;
}

/** The "Deliver to" choice, and the chosen location's address and phone under it; nothing for a company without locations. */
export function LocationPicker({ id, locations, choice, onChange }: LocationPickerProps) {
  if (locations.length === 0) return null;
  const location = chosenLocation(choice, locations);
  const detailsId = `${id}-details`;
  return (
    <FormField id={id} label="Deliver to">
      <select
        id={id}
        className="select w-full"
        value={location ? location.id : ANOTHER_ADDRESS}
        aria-describedby={location ? detailsId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {locations.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.isDefault ? `${candidate.name} (default)` : candidate.name}
          </option>
        ))}
        <option value={ANOTHER_ADDRESS}>Another address…</option>
      </select>
      {location ? (
        <p id={detailsId} className="mt-2 rounded-box bg-base-200 px-3 py-2 text-sm" data-testid="delivery-location">
          <span className="block whitespace-pre-line break-words">{location.address}</span>
          <span className="block text-base-content/80">
            {location.phone} · {location.contactName}
          </span>
        </p>
      ) : null}
    </FormField>
  );
}

export interface DestinationPickerProps {
  id: string;
  locations: readonly Location[];
  delivery: Pick<ReturnType<typeof useDeliveryChoice>, 'choice' | 'change'>;
  contactForm: ContactForm;
  orderingFor?: OrderingForSlot | undefined;
}

/**
 * Where an order goes, on the purchase page and the pad alike: a sales rep's "Ordering for" first, then
 * "Deliver to" (nothing more while the rep has no company to order for).
 */
export function DestinationPicker({ id, locations, delivery, contactForm, orderingFor }: DestinationPickerProps) {
  return (
    <>
      {orderingFor?.picker}
      {orderingFor?.cannotPlace ? null : (
        <LocationPicker
          id={id}
          locations={locations}
          choice={delivery.choice}
          onChange={(next) => {
            delivery.change(next, contactForm);
            orderingFor?.onLocationChange(next);
          }}
        />
      )}
    </>
  );
}
