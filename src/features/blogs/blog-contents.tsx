// The Blogs page's table of contents: one numbered link per article, to its anchor.

import type { BlogArticle } from '../../content/blogs';

export function BlogContents({ articles }: { articles: readonly BlogArticle[] }) {
  return (
    <nav aria-labelledby="blog-contents" className="lg:sticky lg:top-24 lg:self-start">
      <h2 id="blog-contents" className="text-sm font-bold uppercase tracking-widest text-base-content/75">
        In this blog
      </h2>
      <ol className="mt-3 space-y-1 border-l-2 border-base-300">
        {articles.map((article, i) => (
          <li key={article.slug}>
            <a
              href={`#${article.slug}`}
              className="-ml-0.5 flex min-h-11 items-center gap-2 border-l-2 border-transparent py-2 pl-4 text-sm font-medium hover:border-primary hover:text-primary"
            >
              <span className="tabular-nums text-base-content/75">{String(i + 1).padStart(2, '0')}</span>
              {article.question}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
