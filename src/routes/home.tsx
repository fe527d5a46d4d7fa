// The home page: the six sections of the spec in order. Everything above the fold is text
// and inline SVG, so the first paint needs no image request; pictures below the fold load lazily.

import { Suspense } from 'react';
import type { CardAction } from '../features/catalogue/tools-list';
import { ToolsSection } from '../features/catalogue/tools-section';
import { AddToPadButton } from '../features/order-pad/add-to-pad-button';
import { About } from '../features/home/about';
import { BusinessSummary } from '../features/home/business-summary';
import { Hero } from '../features/home/hero';
import { WhyChooseUs } from '../features/home/why-choose-us';
import { ClientReviews } from '../features/reviews/client-reviews';

// Add to order under a card, or beside Order Now in a row of the list. One function for the page's life, so
// the list's rows are not drawn again each time the page renders.
const addToPadAction: CardAction = (product, nameId, layout) => (
  <AddToPadButton product={product} describedBy={nameId} {...(layout === 'row' ? { className: 'btn btn-outline btn-primary flex-1 md:flex-none' } : {})} />
);

// Each section below the hero is its own Suspense boundary: hydrating the prerendered page then runs in
// short tasks, one section at a time, instead of one long task (docs/architecture.md, "Prerendered public pages").
export default function HomePage() {
  return (
    <>
      <Hero />
      <Suspense fallback={null}>
        <About />
      </Suspense>
      <Suspense fallback={null}>
        <WhyChooseUs />
      </Suspense>
      <Suspense fallback={null}>
        <ToolsSection cardAction={addToPadAction} />
      </Suspense>
      <Suspense fallback={null}>
        <BusinessSummary />
      </Suspense>
      <Suspense fallback={null}>
        <ClientReviews />
      </Suspense>
    </>
  );
}
