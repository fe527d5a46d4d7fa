// @vitest-environment jsdom
// My Profile's notification choices: a switch moves in the same frame as the tap, stays there while the
// server saves it, and goes back with a message when the save fails.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushKind, PushSettings } from '../../src/contract/push';
import { NotificationSettings } from '../../src/features/push/notification-settings';

interface Save {
  muted: PushKind[];
  answer: (settings: PushSettings) => void;
  fail: (error: Error) => void;
}

const server = vi.hoisted(() => ({ settings: null as PushSettings | null, saves: [] as Save[] }));
const errors = vi.hoisted(() => [] as string[]);

vi.mock('../../src/api/client', () => ({
  apiRequest: (path: string, options: { method?: string; body?: { muted: PushKind[] } } = {}) => {
    if (path !== '/push/settings') throw new Error(`unexpected ${path}`);
    if (options.method !== 'PUT') return Promise.resolve(server.settings);
    return new Promise<PushSettings>((answer, fail) => server.saves.push({ muted: options.body?.muted ?? [], answer, fail }));
  },
}));
vi.mock('../../src/api/push-device', () => ({
  deviceState: () => Promise.resolve({ state: 'unsupported', subscription: null }),
  registerDevice: () => Promise.resolve(),
  turnOn: () => Promise.resolve('off'),
  turnOff: () => Promise.resolve(),
  PushSetupError: class extends Error {},
}));
vi.mock('../../src/ui/toast', () => ({ toast: { error: (text: string) => errors.push(text), success: () => undefined } }));

const base: PushSettings = { publicKey: 'key', kinds: ['order_shipped', 'quote_answered'], muted: [] };

async function renderChoices() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NotificationSettings email="dealer@example.com" online />
    </QueryClientProvider>,
  );
  return screen.findByRole<HTMLInputElement>('checkbox', { name: 'Your order has shipped' });
}

afterEach(() => {
  cleanup();
  server.saves.length = 0;
  errors.length = 0;
});

describe('notification choices', () => {
  it('move at once, are sent one at a time in the order tapped, and keep the server’s answer', async () => {
    server.settings = base;
    const shipped = await renderChoices();
    const quotes = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Your quote is answered' });
    expect(shipped.checked).toBe(true);

    fireEvent.click(shipped);
    expect(shipped.checked).toBe(false);
    fireEvent.click(quotes);
    expect(quotes.checked).toBe(false);
    expect(shipped.checked).toBe(false);

    // The second save waits for the first: the server keeps the last tap.
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0]?.muted).toEqual(['order_shipped']);
    await act(async () => server.saves[0]?.answer({ ...base, muted: ['order_shipped'] }));
    await waitFor(() => expect(server.saves).toHaveLength(2));
    expect(server.saves[1]?.muted).toEqual(['order_shipped', 'quote_answered']);
    expect(quotes.checked).toBe(false);
    await act(async () => server.saves[1]?.answer({ ...base, muted: ['order_shipped', 'quote_answered'] }));
    expect(shipped.checked).toBe(false);
    expect(quotes.checked).toBe(false);
    expect(errors).toEqual([]);
  });

  it('go back and say so when the save fails', async () => {
    server.settings = base;
    const shipped = await renderChoices();
    fireEvent.click(shipped);
    expect(shipped.checked).toBe(false);
    await waitFor(() => expect(server.saves).toHaveLength(1));
    await act(async () => server.saves[0]?.fail(new Error('offline')));
    await waitFor(() => expect(shipped.checked).toBe(true));
    expect(errors).toEqual(['Your choice was not saved. Try again.']);
  });
});
