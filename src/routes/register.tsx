import { Page } from '../ui/page';

export default function RegisterPage() {
  return <Page title="Register" />;
}
