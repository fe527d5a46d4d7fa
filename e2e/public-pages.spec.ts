// Blogs, Portfolio and the not-found screen (the spec).

import { blogArticles } from '../src/content/blogs';
import { portfolio } from '../src/content/portfolio';
import { expect, test } from './fixtures';

test('Blogs shows five question-and-answer articles, each with several paragraphs', async ({ page }) => {
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blogs');
  const articles = page.getByRole('article');
  await expect(articles).toHaveCount(5);
  for (const article of await articles.all()) {
    const question = article.getByRole('heading', { level: 2 });
    await expect(question).toHaveText(/\?$/u);
    expect(await article.locator('p').count()).toBeGreaterThanOrEqual(4);
    const words = (await article.textContent())?.split(/\s+/u).length ?? 0;
    expect(words).toBeGreaterThan(300);
  }
  await expect(page.getByRole('heading', { level: 2, name: 'How does React decide when a component re-renders?' })).toBeVisible();
});

test('the list of articles jumps to each one, and a direct link opens at the article', async ({ page }) => {
  await page.goto('/blogs');
  const contents = page.getByRole('navigation', { name: 'In this blog' });
  await expect(contents.getByRole('link')).toHaveCount(blogArticles.length);
  const last = blogArticles.at(-1);
  if (!last) throw new Error('no articles');
  await contents.getByRole('link', { name: last.question }).click();
  await expect(page).toHaveURL(new RegExp(`#${last.slug}$`, 'u'));
  await expect(page.getByRole('heading', { level: 2, name: last.question })).toBeInViewport();

  await page.goto(`/blogs#${blogArticles[2]?.slug}`);
  await expect(page.getByRole('heading', { level: 2, name: blogArticles[2]?.question })).toBeInViewport();
});

test('Portfolio shows about, education, skills and the three projects from the data file', async ({ page, request }) => {
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(portfolio.name);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['About', 'Education', 'Skills', 'Projects']);
  for (const entry of portfolio.education) await expect(page.getByRole('heading', { level: 3, name: entry.degree })).toBeVisible();
  const skills = page.locator('section[aria-labelledby="portfolio-skills"]');
  for (const group of portfolio.skills) {
    const box = skills.locator(':scope > div > div').filter({ has: page.getByRole('heading', { level: 3, name: group.group, exact: true }) });
    await expect(box.getByRole('listitem')).toHaveText(group.skills);
  }

  const projects = page.locator('section[aria-labelledby="portfolio-projects"] > ul > li');
  await expect(projects).toHaveCount(3);
  for (const [i, project] of portfolio.projects.entries()) {
    const card = projects.nth(i);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(project.name);
    const link = card.getByRole('link', { name: project.linkLabel });
    await expect(link).toHaveAttribute('href', project.href);
    // Every project link leads somewhere real.
    const response = await request.get(project.href);
    expect(response.status()).toBe(200);
  }
  await projects.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/blogs#service-workers-offline$/u);
});

test('any other path shows the illustration and "Page Not Found !"', async ({ page }) => {
  for (const path of ['/this/does/not/exist', '/products', '/dashboard-typo']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found !');
    const picture = page.getByRole('img', { name: /404/u });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find Your Tools' })).toBeVisible();
});

for (const width of [375, 768, 1024, 1440]) {
  test(`Blogs, Portfolio and not-found do not scroll sideways at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/blogs', '/portfolio', '/missing']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBe(0);
    }
  });
}
