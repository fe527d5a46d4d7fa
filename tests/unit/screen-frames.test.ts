import { describe, expect, it } from 'vitest';
import { fillProductFrame, PRODUCT_FRAME_FIELDS, SCREEN_FRAME_FILES, screenFrameFor } from '../../src/contract/screen-frames';

describe('screen frames', () => {
  it("gives each dashboard screen its frame, with or without a trailing slash, and the dashboard's other paths the untitled one", () => {
    expect(screenFrameFor('/dashboard')).toBe('frames/dashboard-profile.html');
    expect(screenFrameFor('/dashboard/')).toBe('frames/dashboard-profile.html');
    expect(screenFrameFor('/dashboard/my-orders')).toBe('frames/dashboard-my-orders.html');
    expect(screenFrameFor('/dashboard/manage-orders/')).toBe('frames/dashboard-manage-orders.html');
    expect(screenFrameFor('/dashboard/payment/0b6f2c1e')).toBe('frames/dashboard.html');
    for (const file of [screenFrameFor('/dashboard/my-orders'), screenFrameFor('/dashboard/payment/x')]) expect(SCREEN_FRAME_FILES).toContain(file);
  });

  it('gives the sign-in screens theirs', () => {
    expect(screenFrameFor('/login')).toBe('frames/login.html');
    expect(screenFrameFor('/register/')).toBe('frames/register.html');
    expect(SCREEN_FRAME_FILES).toEqual(expect.arrayContaining(['frames/login.html', 'frames/register.html']));
  });

  it('leaves every other path to the shell or the prerendered pages', () => {
    for (const path of ['/', '/logins', '/login/x', '/products/42', '/dashboards', '/dashboard-my-orders', '/blogs'])
      expect(screenFrameFor(path), path).toBeNull();
  });

  it("fills the purchase page's frame in one pass, escaping every field for text and attributes alike", () => {
    const template = `<div data-id="${PRODUCT_FRAME_FIELDS.id}"><img src="${PRODUCT_FRAME_FIELDS.src}" srcset="${PRODUCT_FRAME_FIELDS.srcSet}" alt="${PRODUCT_FRAME_FIELDS.name}"><h1>${PRODUCT_FRAME_FIELDS.name}</h1></div>`;
    const filled = fillProductFrame(template, {
      id: 'a1',
      // A name that holds markup, quotes, a replacement pattern and another field's placeholder.
      name: `"Drill" <b>&</b> 'X' $& ${PRODUCT_FRAME_FIELDS.src}`,
      src: '/uploads/abc.webp',
      srcSet: '/uploads/abc-320w.webp 320w, /uploads/abc.webp 1200w',
    });
    const name = `&quot;Drill&quot; &lt;b&gt;&amp;&lt;/b&gt; &#39;X&#39; $&amp; ${PRODUCT_FRAME_FIELDS.src}`;
    expect(filled).toBe(
      `<div data-id="a1"><img src="/uploads/abc.webp" srcset="/uploads/abc-320w.webp 320w, /uploads/abc.webp 1200w" alt="${name}"><h1>${name}</h1></div>`,
    );
  });
});
