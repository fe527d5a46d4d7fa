import { Page } from '../ui/page';

export default function LoginPage() {
  return <Page title="Login" />;
}
