// Any path the route table does not know (the spec, not-found screen).

import { Link } from '@tanstack/react-router';
import { texts } from '../contract/messages';

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-12 text-center sm:py-20">
      <img
        src="/not-found.svg"
        alt="The number 404 drawn with a hex nut for the zero, above a dropped wrench"
        width={480}
        height={320}
        fetchPriority="high"
        className="h-auto w-full max-w-md"
      />
      <h1 className="mt-8 text-4xl font-black tracking-tight sm:text-5xl">{texts.notFound}</h1>
      <p className="mt-4 max-w-md text-lg leading-relaxed text-base-content/80">
        This page is not in our catalogue. It may have moved, or the link may be mistyped. The tools are all still on the home page.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          Back to the home page
        </Link>
        <Link to="/" hash="tools" className="btn btn-outline">
          Browse our tools
        </Link>
      </div>
    </div>
  );
}
