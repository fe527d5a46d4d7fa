// Where an order goes, as the purchase page and the order pad both start their forms: the delivery defaults
// (the profile's address and phone, else the latest order's), and the company's locations; for a sales rep,
// which belongs to no company, the companies it orders for ("Ordering for", docs/decisions/043-sales-reps.md)
// and the locations of the one chosen; and the account of the company the order is for (its payment terms
// and credit, docs/decisions/044-orders-on-account.md). Composes the auth, orders and rep features for
// those two routes.

import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { userProfileQueryOptions } from '../features/auth/get-user-profile';
import { useAccountStanding } from '../features/orders/account-standing';
import { useDeliveryDefaults } from '../features/orders/delivery-defaults';
import { useDeliveryLocations } from '../features/orders/delivery-locations';
import { useRepCompanies } from '../features/rep/get-rep-companies';
import { orderingForSlot, useOrderingFor } from '../features/rep/ordering-for-picker';

export function useOrderDestination(email: string) {
  const profile = useQuery({ ...userProfileQueryOptions(email), enabled: email !== '' });
  const rep = profile.data?.rep === true;
  const delivery = useDeliveryDefaults(email, profile, !rep);
  const company = useDeliveryLocations(rep ? '' : email);
  const repCompanies = useRepCompanies(rep);
  const orderingFor = useOrderingFor(email, repCompanies.companies);
  const pickerId = useId();
  const repCompanyId = rep ? (orderingFor.choice?.companyId ?? null) : null;
  // A dealer's company is known once GET /api/company answered; an account without one has no account to pay on.
  const forCompany = rep ? repCompanyId !== null : company.standing !== null;
  const account = useAccountStanding(forCompany, repCompanyId);
  return {
    profile,
    delivery,
    /** The profile, the latest order and the locations only prefill the form: it waits for them, and shows without them after one failed try. */
    loading: delivery.loading || company.loading || repCompanies.loading || account.loading,
    /** A dealer's company that may not order, said before the order is filled; never a rep's. */
    standing: rep ? null : company.standing,
    locations: rep ? orderingFor.locations : company.locations,
    orderingFor: rep ? orderingForSlot(`${pickerId}-ordering-for`, repCompanies.companies, orderingFor) : undefined,
    /** The company's terms and credit for the payment choice, and its tax; none for an order without a company. */
    account: { company: forCompany, standing: account.standing, tax: rep ? orderingFor.company : company.company },
    /** The form starts again at the company's own locations when the rep orders for another company. */
    formKey: rep ? (orderingFor.choice?.companyId ?? 'no-company') : 'own',
  };
}
