// The delivery picker's choices: the company's default location to start with, its address and phone in
// the form while a location is chosen, and what was typed back with "Another address…".

import { describe, expect, it } from 'vitest';
import type { Location } from '../../src/contract/dealer-company';
import { ANOTHER_ADDRESS, chosenLocation, contactFor, initialChoice, switchDelivery } from '../../src/ui/location-picker';

const leeds: Location = {
  id: 'leeds',
  name: 'Leeds branch',
  address: '12 Harbour Road, Leeds',
  phone: '+44 113 496 0000',
  contactName: 'Dana',
  isDefault: false,
};
const bradford: Location = {
  id: 'bradford',
  name: 'Bradford depot',
  address: '3 Mill Lane, Bradford',
  phone: '+44 1274 496 000',
  contactName: 'Sam',
  isDefault: true,
};
const typed = { userAddress: '1 One-off Street, York', userPhone: '+44 1904 496 000' };

describe('the delivery picker', () => {
  it('starts at the default location, else the first, else another address', () => {
    expect(initialChoice([leeds, bradford])).toBe('bradford');
    expect(initialChoice([leeds])).toBe('leeds');
    expect(initialChoice([])).toBe(ANOTHER_ADDRESS);
  });

  it('fills the form with the chosen location, and with what was typed for another address', () => {
    expect(contactFor('leeds', [leeds, bradford], typed)).toEqual({ userAddress: leeds.address, userPhone: leeds.phone });
    expect(contactFor(ANOTHER_ADDRESS, [leeds, bradford], typed)).toEqual(typed);
    // A location gone from the list (deleted meanwhile) is another address.
    expect(chosenLocation('gone', [leeds])).toBeNull();
    expect(contactFor('gone', [leeds], typed)).toEqual(typed);
  });

  it('remembers what was typed while a location is chosen, and gives it back', () => {
    const locations = [leeds, bradford];
    const toOther = switchDelivery({ choice: 'bradford', typed }, ANOTHER_ADDRESS, locations, { userAddress: bradford.address, userPhone: bradford.phone });
    expect(toOther.values).toEqual(typed);
    const edited = { userAddress: '2 Changed Road, York', userPhone: typed.userPhone };
    const toLeeds = switchDelivery({ choice: ANOTHER_ADDRESS, typed: toOther.typed }, 'leeds', locations, edited);
    expect(toLeeds.values).toEqual({ userAddress: leeds.address, userPhone: leeds.phone });
    const toBradford = switchDelivery({ choice: 'leeds', typed: toLeeds.typed }, 'bradford', locations, toLeeds.values);
    const back = switchDelivery({ choice: 'bradford', typed: toBradford.typed }, ANOTHER_ADDRESS, locations, toBradford.values);
    expect(back.values).toEqual(edited);
  });
});
