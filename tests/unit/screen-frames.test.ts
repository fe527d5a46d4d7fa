import { describe, expect, it } from 'vitest';
import { DASHBOARD_FRAME_FILES, dashboardFrameFor, fillProductFrame, PRODUCT_FRAME_FIELDS } from '../../src/contract/screen-frames';

describe('screen frames', () => {
  it("gives each dashboard screen its frame, with or without a trailing slash, and the dashboard's other paths the untitled one", () => {
    expect(dashboardFrameFor('/dashboard')).toBe('frames/dashboard-profile.html');
    expect(dashboardFrameFor('/dashboard/')).toBe('frames/dashboard-profile.html');
    expect(dashboardFrameFor('/dashboard/my-orders')).toBe('frames/dashboard-my-orders.html');
    expect(dashboardFrameFor('/dashboard/manage-orders/')).toBe('frames/dashboard-manage-orders.html');
    expect(dashboardFrameFor('/dashboard/payment/0b6f2c1e')).toBe('frames/dashboard.html');
    for (const file of [dashboardFrameFor('/dashboard/my-orders'), dashboardFrameFor('/dashboard/payment/x')]) expect(DASHBOARD_FRAME_FILES).toContain(file);
  });

  it('leaves every other path to the shell or the prerendered pages', () => {
    for (const path of ['/', '/login', '/products/42', '/dashboards', '/dashboard-my-orders', '/blogs']) expect(dashboardFrameFor(path), path).toBeNull();
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
