// @vitest-environment jsdom
// The update path never reloads under a user who is typing (docs/architecture.md, "Offline"): what counts as typing.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUpdateFlow, isUserTyping } from '../../src/features/offline/register-sw';

afterEach(() => {
  document.body.innerHTML = '';
});

function render(html: string): void {
  document.body.innerHTML = html;
}

describe('isUserTyping', () => {
  it('is false on a page where nothing was typed and a button has focus', () => {
    render('<input type="text" value=""><textarea></textarea><button>Reload</button>');
    document.querySelector('button')?.focus();
    expect(isUserTyping()).toBe(false);
  });

  it.each(['text', 'email', 'tel', 'number', 'search', 'password'])('is true while a %s field has focus', (type) => {
    render(`<input type="${type}">`);
    document.querySelector('input')?.focus();
    expect(isUserTyping()).toBe(true);
  });

  it('is true while a textarea or an editable element has focus', () => {
    render('<textarea></textarea>');
    document.querySelector('textarea')?.focus();
    expect(isUserTyping()).toBe(true);
  });

  it('is true when text was typed into a field that no longer has focus', () => {
    render('<textarea></textarea><button>Reload</button>');
    const area = document.querySelector('textarea');
    if (area) area.value = 'Half a review of the chop saw';
    document.querySelector('button')?.focus();
    expect(isUserTyping()).toBe(true);
  });

  it('ignores read-only fields and controls that take no text', () => {
    render('<input type="email" readonly value="dealer@example.com"><input type="checkbox"><select><option>5</option></select>');
    document.querySelector('input')?.focus();
    expect(isUserTyping()).toBe(false);
    const box = document.querySelector<HTMLInputElement>('input[type=checkbox]');
    if (box) {
      box.checked = true;
      box.focus();
    }
    expect(isUserTyping()).toBe(false);
  });
});

describe('the update flow', () => {
  function flow(typing = false) {
    const deps = { skipWaiting: vi.fn(), reload: vi.fn(), isTyping: vi.fn(() => typing) };
    return { deps, updates: createUpdateFlow(deps) };
  }

  it('offers a waiting version, and Reload asks the waiting worker to take over, which reloads the page', () => {
    const { deps, updates } = flow();
    const seen: boolean[] = [];
    updates.subscribe(() => seen.push(updates.isShown()));
    expect(updates.isShown()).toBe(false);

    updates.waiting();
    expect(updates.isShown()).toBe(true);
    updates.accept();
    expect(deps.skipWaiting).toHaveBeenCalledOnce();
    expect(deps.reload).not.toHaveBeenCalled();
    expect(updates.isShown()).toBe(false);

    updates.controlling(true);
    expect(deps.reload).toHaveBeenCalledOnce();
    expect(seen).toEqual([true, false]);
  });

  it('Later hides the offer and nothing is activated', () => {
    const { deps, updates } = flow();
    updates.waiting();
    updates.dismiss();
    expect(updates.isShown()).toBe(false);
    expect(deps.skipWaiting).not.toHaveBeenCalled();
  });

  it('when another tab activated the new version, this tab reloads if nobody is typing', () => {
    const { deps, updates } = flow(false);
    updates.waiting();
    updates.controlling(true);
    expect(deps.reload).toHaveBeenCalledOnce();
  });

  it('when another tab activated the new version while this user types, the page stays and Reload finishes it later', () => {
    const { deps, updates } = flow(true);
    updates.waiting();
    updates.controlling(true);
    expect(deps.reload).not.toHaveBeenCalled();
    expect(updates.isShown()).toBe(true);

    updates.accept();
    expect(deps.reload).toHaveBeenCalledOnce();
    // The worker is already active: no second skip-waiting message.
    expect(deps.skipWaiting).not.toHaveBeenCalled();
  });

  it('the first install taking control is not an update and reloads nothing', () => {
    const { deps, updates } = flow();
    updates.controlling(false);
    expect(deps.reload).not.toHaveBeenCalled();
    expect(updates.isShown()).toBe(false);
  });
});
