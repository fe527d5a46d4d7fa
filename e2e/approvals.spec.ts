// Buyer approvals and spending limits (docs/decisions/055-buyer-approvals-and-spending-limits.md): a company admin
// gives a buyer a limit per order on My Company; the buyer, in a browser of their own, orders more than that and
// the order waits (Awaiting approval, nothing to pay); the admin approves it from To approve in their browser; the
// buyer's My Orders then shows who approved it and when, and the order goes on: it is paid and is Paid. The limits
// form and the approvals list fit a phone, a tablet and a desktop (screenshots in .tmp/screens/).

import type { Browser, Page } from '@playwright/test';
import { api, expect, joinAsBuyer, payThroughApi, signIn, test, type E2eUser } from './fixtures';
import { waitForServiceWorker } from './offline-helpers';
import { screenshotsAtWidths } from './screen-helpers';

/** Signs `user` in on a page of its own browser context. */
async function pageOf(browser: Browser, user: E2eUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

test('a buyer’s order over the limit waits, an approver approves it from another browser, and the order goes on', async ({
  browser,
  page,
  createUser,
  createProduct,
}) => {
  test.setTimeout(240_000);
  const saw = await createProduct({ name: 'Approval Journey Saw', price: 240, availableQnt: 100, minOrderQnt: 2 });
  // Invitations and their mails go to verified addresses only.
  const dana = await createUser({ displayName: 'Dana Counter', verified: true });
  const bo = await createUser({ displayName: 'Bo Buyer', verified: true });
  await joinAsBuyer(dana, bo);

  // Dana sets Bo's limit per order on My Company: $300.
  await signIn(page, dana);
  await page.goto('/dashboard/my-company');
  const spending = page.getByRole('form', { name: 'Spending of Bo Buyer' });
  await spending.getByLabel('Limit per order').fill('300');
  await spending.getByRole('button', { name: 'Save spending' }).click();
  await expect(page.getByText('Spending of Bo Buyer saved')).toBeVisible();
  await screenshotsAtWidths(page, 'approvals-limits', (p) =>
    expect(p.getByRole('form', { name: 'Spending of Bo Buyer' }).getByLabel('Limit per order')).toHaveValue('300'),
  );
  await expect(page.getByRole('region', { name: 'Orders to approve' })).toContainText('Nothing waits for your approval.');

  // Bo, in his own browser, orders 2 saws, $480: more than he may order at once.
  const boPage = await pageOf(browser, bo);
  await boPage.goto(`/products/${saw._id}`);
  await boPage.getByLabel('Address').fill('12 Harbour Road, Leeds LS1 4AB');
  await boPage.getByLabel('Phone').fill('+44 113 496 0000');
  await boPage.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(boPage.getByText('Order sent for approval')).toBeVisible();
  await expect(boPage.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  const boRow = boPage.getByRole('row').filter({ hasText: saw.name }).filter({ visible: true });
  await expect(boRow.getByText('Awaiting approval', { exact: true })).toBeVisible();
  await expect(boRow.getByTestId('approval-steps')).toContainText('Over the limit of $300.00 per order');
  await expect(boRow.getByTestId('approval-steps')).toContainText('Waiting for an approver of your company');
  await expect(boRow.getByRole('link', { name: /^Pay for/u })).toHaveCount(0);

  // Dana sees it under To approve, with the buyer, the total, the lines and the limit, and approves it.
  await page.reload();
  const toApprove = page.getByRole('region', { name: 'Orders to approve' });
  // Each order is one item named by its number; its lines are a list of their own inside it.
  const waiting = toApprove.getByRole('listitem', { name: /^O-\d{4}-\d+$/u }).filter({ hasText: saw.name });
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText('By Bo Buyer');
  await expect(waiting).toContainText('$480');
  await expect(waiting).toContainText(`2 × ${saw.name}`);
  await expect(waiting).toContainText('Over the limit of $300.00 per order');
  await screenshotsAtWidths(page, 'approvals-list', (p) => expect(p.getByRole('button', { name: /^Approve O-/u })).toBeVisible());
  await page.getByRole('button', { name: /^Approve O-/u }).click();
  await expect(page.getByText(/is approved$/u)).toBeVisible();
  await expect(toApprove).toContainText('Nothing waits for your approval.');

  // Bo's My Orders: approved by Dana, when, and now to be paid; once paid, it is Paid.
  await boPage.reload();
  await expect(boRow.getByTestId('approval-steps')).toContainText('Approved by Dana Counter');
  await expect(boRow.getByText('Unpaid', { exact: true })).toBeVisible();
  await expect(boRow.getByRole('link', { name: /^Pay for/u })).toBeVisible();
  const orders = await api<{ _id: string; status: string; userId: string }[]>('GET', `/orders/${encodeURIComponent(bo.email)}`, { token: bo.token });
  const placed = orders.body.find((order) => order.userId === bo.id);
  expect(placed?.status).toBe('Unpaid');
  await payThroughApi(bo, placed?._id ?? '');
  await boPage.reload();
  await expect(boRow.getByText('Paid', { exact: true })).toBeVisible();
  await expect(boRow.getByTestId('approval-steps')).toContainText('Approved by Dana Counter');
  await boPage.context().close();
});

test('an approver offline declines a buyer’s order: the decision waits on the device and is sent once when the connection is back', async ({
  page,
  createUser,
  createProduct,
}) => {
  test.setTimeout(240_000);
  const drill = await createProduct({ name: 'Offline Approval Drill', price: 150, availableQnt: 100, minOrderQnt: 3 });
  const dana = await createUser({ displayName: 'Dana Offline', verified: true });
  const bo = await createUser({ displayName: 'Bo Offline', verified: true });
  await joinAsBuyer(dana, bo);
  expect((await api('PATCH', `/company/members/${bo.id}`, { token: dana.token, body: { orderLimitMinor: 300_00 } })).status).toBe(200);
  const placed = await api<{ insertedId: string; number: string; status: string }>('POST', '/orders', {
    token: bo.token,
    body: {
      lines: [{ productId: drill._id, quantity: 3, unitPrice: 150 }],
      totalPrice: 450,
      userAddress: '12 Harbour Road, Leeds LS1 4AB',
      userPhone: '+44 113 496 0000',
      clientOrderId: crypto.randomUUID(),
    },
  });
  expect(placed.body.status).toBe('Awaiting approval');

  await signIn(page, dana);
  await page.goto('/dashboard/my-company');
  const toApprove = page.getByRole('region', { name: 'Orders to approve' });
  const waiting = toApprove.getByRole('listitem', { name: placed.body.number });
  await expect(waiting).toContainText(`3 × ${drill.name}`);
  // The installed app: its service worker holds the code that saves a decision offline.
  await waitForServiceWorker(page);

  await page.context().setOffline(true);
  await expect(toApprove.getByText('You are offline: a decision is saved on this device')).toBeVisible();
  await waiting.getByRole('button', { name: `Decline ${placed.body.number}` }).click();
  await page.getByLabel('Reason').fill('Not this month: the branch is closing.');
  await page.getByRole('button', { name: 'Decline the order' }).click();
  await expect(page.getByText(`Your decline of ${placed.body.number} is saved on this device`)).toBeVisible();
  await expect(waiting.getByRole('status')).toHaveText('Your decline is saved on this device and is sent when the connection is back.');
  await expect(waiting.getByRole('button', { name: `Approve ${placed.body.number}` })).toBeDisabled();
  const stillWaiting = await api<{ status: string }>('GET', `/order/${placed.body.insertedId}`, { token: dana.token });
  expect(stillWaiting.body.status).toBe('Awaiting approval');

  // Back online: the page's outbox sends it once; the buyer's order is declined with the reason.
  await page.context().setOffline(false);
  await expect(page.getByText(`Your decline of ${placed.body.number} was sent.`)).toBeVisible({ timeout: 30_000 });
  await expect(toApprove).toContainText('Nothing waits for your approval.');
  const decided = await api<{ status: string; approval: { decision: string; reason: string; decidedByName: string } }>(
    'GET',
    `/order/${placed.body.insertedId}`,
    {
      token: bo.token,
    },
  );
  expect(decided.body.status).toBe('Declined');
  expect(decided.body.approval).toMatchObject({ decision: 'declined', reason: 'Not this month: the branch is closing.', decidedByName: 'Dana Offline' });
});
