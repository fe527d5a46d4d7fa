// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { toast, toastStore } from '../../src/ui/toast';
import { ToastHost } from '../../src/ui/toast-host';

afterEach(cleanup);

// One module state for the file: the first test sees sonner before it is loaded, the second after.
test('toasts asked for before sonner has loaded show, in order, once it has', async () => {
  const { container } = render(<ToastHost />);
  expect(container.innerHTML).toBe('');
  expect(toastStore.isRequested()).toBe(false);

  act(() => {
    toast.success('Order placed.');
    toast.error('Something went wrong. Please try again.', { description: 'Only 3 left.' });
  });
  expect(toastStore.isRequested()).toBe(true);

  const region = await screen.findByRole('region', { name: /Notifications/u });
  const first = await within(region).findByText('Order placed.');
  const second = await within(region).findByText('Something went wrong. Please try again.');
  expect(within(region).getByText('Only 3 left.')).toBeTruthy();
  // sonner stacks the newest on top: the error, asked for second, comes first in the list.
  expect(second.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('once sonner is on screen a toast shows at once, with its action', async () => {
  render(<ToastHost />);
  await screen.findByRole('region', { name: /Notifications/u });
  let opened = 0;
  act(() => toast.info('Added to your order pad.', { action: { label: 'Open order pad', onClick: () => (opened += 1) } }));
  const button = await screen.findByRole('button', { name: 'Open order pad' });
  act(() => button.click());
  expect(opened).toBe(1);
});

test('dismissing a toast by its id takes it away, also one still waiting for sonner', async () => {
  render(<ToastHost />);
  const region = await screen.findByRole('region', { name: /Notifications/u });
  act(() => toast.error('Payment failed!', { id: 'payment-failed' }));
  await within(region).findByText('Payment failed!');
  act(() => toast.dismiss('payment-failed'));
  await waitFor(() => expect(within(region).queryByText('Payment failed!')).toBeNull());
});
