import { Link } from '@tanstack/react-router';
import { texts } from '../contract/messages';

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <img src="/not-found.svg" alt="A toolbox with a missing wrench" width={320} height={240} className="mb-8" />
      <h1 className="text-4xl font-extrabold">{texts.notFound}</h1>
      <p className="mt-4">The page you asked for is not here. The tools are still on the home page.</p>
      <Link to="/" className="btn btn-primary mt-6">
        Back to the home page
      </Link>
    </div>
  );
}
