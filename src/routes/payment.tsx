import { Page } from '../ui/page';

export default function PaymentPage() {
  return <Page title="Payment" />;
}
