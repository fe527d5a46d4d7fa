// @vitest-environment jsdom
// The update path never reloads under a user who is typing (DESIGN section 9): what counts as typing.

import { afterEach, describe, expect, it } from 'vitest';
import { isUserTyping } from '../../src/features/offline/register-sw';

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
