import { Page } from '../ui/page';

export default function PortfolioPage() {
  return <Page title="Portfolio" />;
}
