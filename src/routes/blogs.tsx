// The Blogs page (the spec, /blogs): five question-and-answer articles from src/content/blogs.ts.

import { useEffect } from 'react';
import { blogArticles } from '../content/blogs';
import { BlogArticle } from '../features/blogs/blog-article';
import { BlogContents } from '../features/blogs/blog-contents';
import { Eyebrow } from '../ui/section-heading';

export default function BlogsPage() {
  // Opening /blogs#slug directly: the article exists only after this lazy route renders.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 lg:py-16">
      <header className="max-w-3xl">
        <Eyebrow>The Forgeline workshop</Eyebrow>
        <h1 className="text-4xl font-black tracking-tight sm:text-5xl">Blogs</h1>
        <p className="mt-4 text-lg leading-relaxed text-base-content/80">
          Answers to the questions our own web team gets asked most, from choosing a framework to keeping an app working when the network does not.
        </p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_minmax(0,52rem)] lg:gap-14">
        <BlogContents articles={blogArticles} />
        <div className="min-w-0 space-y-10 sm:space-y-8">
          {blogArticles.map((article) => (
            <BlogArticle key={article.slug} article={article} />
          ))}
        </div>
      </div>
    </div>
  );
}
