// @vitest-environment jsdom
// When sonner's chunk cannot be loaded (offline before the service worker holds it, or gone after an
// update), the toasts still show, in a plain list, and the app does not fall over.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { toast } from '../../src/ui/toast';
import { ToastHost } from '../../src/ui/toast-host';

vi.mock('../../src/ui/toasts', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(cleanup);

test('a toast shows in the plain list, with its description and action, when sonner cannot load', async () => {
  render(
    <main>
      <h1>My Orders</h1>
      <ToastHost />
    </main>,
  );
  let reviewed = 0;
  act(() => {
    toast.success('Saved on this device.');
    toast.error('Order failed.', { description: 'Only 3 left.', action: { label: 'Review', onClick: () => (reviewed += 1) } });
  });
  const region = await screen.findByRole('region', { name: 'Notifications' });
  expect((await within(region).findByRole('status')).textContent).toContain('Saved on this device.');
  const alert = within(region).getByRole('alert');
  expect(alert.textContent).toContain('Order failed.');
  expect(alert.textContent).toContain('Only 3 left.');
  act(() => within(alert).getByRole('button', { name: 'Review' }).click());
  expect(reviewed).toBe(1);
  // The action closed its toast; the other one closes with its button.
  expect(within(region).queryByRole('alert')).toBeNull();
  act(() => within(region).getByRole('button', { name: 'Close' }).click());
  expect(within(region).queryByRole('status')).toBeNull();
  expect(screen.getByRole('heading', { name: 'My Orders' })).toBeTruthy();
});

test('a toast with an id replaces the one shown with it, and dismissing the id takes it away', async () => {
  render(<ToastHost />);
  act(() => {
    toast.error('Payment failed!', { id: 'payment-failed' });
    toast.info('Added to your order pad.');
  });
  const region = await screen.findByRole('region', { name: 'Notifications' });
  await within(region).findByText('Payment failed!');
  act(() => toast.error('Payment failed!', { id: 'payment-failed' }));
  expect(within(region).getAllByText('Payment failed!')).toHaveLength(1);
  act(() => toast.dismiss('payment-failed'));
  expect(within(region).queryByText('Payment failed!')).toBeNull();
  expect(within(region).getByText('Added to your order pad.')).toBeTruthy();
});
