// What the purchase page shows while its tool loads: the tool's picture and name where they are already
// known, from a list the app holds (the home page's cards) or from the page's frame, which the server fills
// with them (docs/architecture.md, "Screen frames"); a loading indicator for the rest. The build renders
// the same component, with placeholders, into the purchase page's frame, so the frame, this preview and the
// page put the picture in the same place.

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { PICTURE_SIZES, pictureSources } from '../../ui/product-picture';
import { Spinner } from '../../ui/spinner';

export const PRODUCT_PAGE_CLASS = 'mx-auto grid max-w-7xl gap-8 px-4 py-8 lg:grid-cols-2 lg:gap-12 lg:py-12';
export const PRODUCT_SECTION_CLASS = 'grid content-start gap-5';

export interface PictureSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

export function ProductPicture({ picture, name }: { picture: PictureSources; name: string }) {
  return <img {...picture} alt={name} width={800} height={600} className="aspect-[4/3] max-h-80 w-full rounded-box bg-base-200 object-cover lg:max-h-none" />;
}

export function ProductName({ name }: { name: string }) {
  return (
    <h1 id="product-name" className="text-3xl font-extrabold tracking-tight md:text-4xl">
      {name}
    </h1>
  );
}

export function ProductPreview({ name, picture }: { name: string; picture: PictureSources }) {
  return (
    <div className={PRODUCT_PAGE_CLASS}>
      <section aria-labelledby="product-name" className={PRODUCT_SECTION_CLASS}>
        <ProductPicture picture={picture} name={name} />
        <div>
          <ProductName name={name} />
        </div>
        <Spinner label="Loading the tool" />
      </section>
    </div>
  );
}

/** The root's data attributes in the purchase page's frame: placeholders in the build (src/prerender.tsx), the tool's in the server's answer. */
export const FRAME_PRODUCT_ATTRIBUTES = { id: 'data-frame-product-id', name: 'data-frame-product-name', picture: 'data-frame-product-picture' } as const;

interface Known {
  name: string;
  imageUrl: string;
}

const isKnown = (value: unknown, id: string): value is Known =>
  typeof value === 'object' &&
  value !== null &&
  (value as { _id?: unknown })._id === id &&
  typeof (value as { name?: unknown }).name === 'string' &&
  typeof (value as { imageUrl?: unknown }).imageUrl === 'string';

/** The tool among the catalogue's cached answers: the whole list, pages of cards, or search results. */
function fromLists(value: unknown, id: string): Known | undefined {
  if (isKnown(value, id)) return value;
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = fromLists(entry, id);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { items, pages } = value as { items?: unknown; pages?: unknown };
  return fromLists(items, id) ?? fromLists(pages, id);
}

function fromCache(queryClient: QueryClient, id: string): Known | undefined {
  for (const [, data] of queryClient.getQueriesData({ queryKey: queryKeys.products })) {
    const found = fromLists(data, id);
    if (found) return found;
  }
  return undefined;
}

/** The tool the page's frame showed, when the page was opened at this tool's address. */
function fromFrame(id: string): Known | undefined {
  const root = document.getElementById('root');
  if (root?.getAttribute(FRAME_PRODUCT_ATTRIBUTES.id) !== id) return undefined;
  const name = root.getAttribute(FRAME_PRODUCT_ATTRIBUTES.name);
  const imageUrl = root.getAttribute(FRAME_PRODUCT_ATTRIBUTES.picture);
  return name !== null && imageUrl !== null ? { name, imageUrl } : undefined;
}

/** The purchase page while its tool loads: the preview where the tool is known, else a loading indicator. */
export function ProductLoading({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const known = fromCache(queryClient, id) ?? fromFrame(id);
  if (!known) return <Spinner label="Loading the tool" />;
  return <ProductPreview name={known.name} picture={pictureSources(known.imageUrl, PICTURE_SIZES.details)} />;
}
