import { Page } from '../ui/page';

export default function BlogsPage() {
  return <Page title="Blogs" />;
}
