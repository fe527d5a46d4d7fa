// Posting a review from the dashboard and finding it in the home page's carousel.

import { randomUUID } from 'node:crypto';
import { expect, signIn, test } from './fixtures';

test('a dealer posts a review and finds it on the home page', async ({ page, createUser }) => {
  const user = await createUser({ displayName: 'Rae Reviewer' });
  await signIn(page, user);
  await page.goto('/dashboard/add-review');
  await expect(page.getByLabel('Name')).toHaveValue('Rae Reviewer');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expect(page.getByLabel('Rating')).toHaveValue('5');

  const post = page.getByRole('button', { name: 'Post Review' });
  await post.click();
  await expect(page.getByText('Review is required')).toBeVisible();
  await expect(page.getByLabel('Review')).toBeFocused();
  await page.getByLabel('Review').fill('Too short');
  await post.click();
  await expect(page.getByText('Minimum 20 characters')).toBeVisible();

  const text = `The demolition hammers survived a whole winter on site. Ref ${randomUUID().slice(0, 8)}`;
  await page.getByLabel('Review').fill(text);
  await page.getByLabel('Rating').selectOption('4');
  await post.click();
  await expect(page.getByText('Review added successfully!')).toBeVisible();

  await page.getByRole('link', { name: 'Forgeline home' }).click();
  const slide = page.locator('[aria-roledescription="slide"]', { hasText: text });
  await expect(slide).toHaveCount(1);
  await expect(slide).toContainText('Rae Reviewer');
});
