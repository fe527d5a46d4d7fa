// /dashboard/invoices: the dealer's invoices (docs/decisions/044-orders-on-account.md), open, overdue and
// paid, with the open balance; several invoices on account paid with one card payment. Composes the
// invoices feature with the payment feature's card form and the orders feature's invoice download.

import { useSession } from '../features/auth/session';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { InvoicesPortal } from '../features/invoices/invoices-portal';
import { downloadInvoice } from '../features/orders/download-invoice';
import { CardForm } from '../features/payment/card-form';

export default function InvoicesPage() {
  const { user } = useSession();
  const email = user?.email ?? '';
  return (
    <DashboardScreen path="/dashboard/invoices">
      <InvoicesPortal
        email={email}
        billing={{ name: user?.displayName ?? '', email }}
        cardForm={(props) => <CardForm {...props} />}
        onDownload={(invoice) => downloadInvoice({ _id: invoice.orderId, invoiceNo: invoice.invoiceNo })}
      />
    </DashboardScreen>
  );
}
