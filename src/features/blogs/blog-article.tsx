// One article of the Blogs page: its question as the title, the date and reading time, the summary,
// and its paragraphs and code samples. Text is rendered as text: no HTML is ever injected.

import { Fragment } from 'react';
import type { BlogArticle as Article, BlogBlock } from '../../content/blogs';

const WORDS_PER_MINUTE = 200;

function readingMinutes(article: Article): number {
  const words = article.blocks
    .map((block) => (typeof block === 'string' ? block : block.code))
    .join(' ')
    .split(/\s+/u).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Text between backticks is code; everything else is plain text. */
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

export function BlogArticle({ article }: { article: Article }) {
  return (
    <article
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
  );
}
