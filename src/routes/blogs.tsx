// The Blogs page (spec section 2, /blogs): five question-and-answer articles from src/content/blogs.ts.

import { Fragment, useEffect } from 'react';
import { blogArticles, type BlogArticle, type BlogBlock } from '../content/blogs';

const WORDS_PER_MINUTE = 200;

function readingMinutes(article: BlogArticle): number {
  const words = article.blocks.map((block) => (typeof block === 'string' ? block : block.code)).join(' ').split(/\s+/u).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Text between backticks is code; everything else is plain text (no HTML is ever injected). */
function InlineText({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-base-200 px-1.5 py-0.5 font-mono text-[0.9em] text-base-content">
            {part}
          </code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function Block({ block }: { block: BlogBlock }) {
  if (typeof block === 'string') {
    return (
      <p className="mt-5 leading-7 text-base-content/90 sm:leading-8">
        <InlineText text={block} />
      </p>
    );
  }
  return (
    <pre
      className="mt-5 overflow-x-auto rounded-box bg-neutral p-4 text-sm leading-6 text-neutral-content"
      tabIndex={0}
      aria-label={`Code sample (${block.language})`}
    >
      <code>{block.code}</code>
    </pre>
  );
}

export default function BlogsPage() {
  // Opening /blogs#slug directly: the article exists only after this lazy route renders.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 lg:py-16">
      <header className="max-w-3xl">
        <p className="mb-2 text-sm font-bold uppercase tracking-widest text-primary">The Forgeline workshop</p>
        <h1 className="text-4xl font-black tracking-tight sm:text-5xl">Blogs</h1>
        <p className="mt-4 text-lg leading-relaxed text-base-content/80">
          Answers to the questions our own web team gets asked most, from choosing a framework to keeping an app working when the network does not.
        </p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_minmax(0,52rem)] lg:gap-14">
        <nav aria-labelledby="blog-contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="blog-contents" className="text-sm font-bold uppercase tracking-widest text-base-content/75">
            In this blog
          </h2>
          <ol className="mt-3 space-y-1 border-l-2 border-base-300">
            {blogArticles.map((article, i) => (
              <li key={article.slug}>
                <a href={`#${article.slug}`} className="-ml-0.5 flex min-h-11 items-center gap-2 border-l-2 border-transparent py-2 pl-4 text-sm font-medium hover:border-primary hover:text-primary">
                  <span className="tabular-nums text-base-content/75">{String(i + 1).padStart(2, '0')}</span>
                  {article.question}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 space-y-10 sm:space-y-8">
          {blogArticles.map((article) => (
            <article
              key={article.slug}
              id={article.slug}
              aria-labelledby={`${article.slug}-title`}
              className="scroll-mt-24 border-t border-base-300 pt-8 sm:rounded-box sm:border sm:bg-base-100 sm:p-10 sm:shadow-sm"
            >
              <h2 id={`${article.slug}-title`} className="text-2xl font-extrabold leading-tight tracking-tight sm:text-3xl">
                {article.question}
              </h2>
              <p className="mt-3 text-sm text-base-content/75">
                <time dateTime={article.published}>{dateFormat.format(new Date(article.published))}</time>
                <span aria-hidden="true"> · </span>
                {readingMinutes(article)} min read
              </p>
              <p className="mt-5 border-l-4 border-primary pl-4 text-lg font-medium leading-relaxed">{article.summary}</p>
              <div className="max-w-[70ch]">
                {article.blocks.map((block, i) => (
                  <Block key={i} block={block} />
                ))}
              </div>
            </article>
          ))}
        </div>
      </div>
    </div>
  );
}
