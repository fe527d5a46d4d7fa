import { describe, expect, it } from 'vitest';
import { isClientRoute, prerenderedFileFor } from '../../src/contract/prerendered-pages';

describe('prerendered pages', () => {
  it('maps the public pages to their files, with or without a trailing slash', () => {
    expect(prerenderedFileFor('/')).toBe('home.html');
    expect(prerenderedFileFor('/blogs')).toBe('blogs.html');
    expect(prerenderedFileFor('/blogs/')).toBe('blogs.html');
    expect(prerenderedFileFor('/portfolio')).toBe('portfolio.html');
  });

  it('leaves every other client route to the shell', () => {
    for (const path of ['/login', '/register', '/products/42', '/dashboard', '/dashboard/', '/dashboard/my-orders', '/dashboard/payment/abc']) {
      expect(isClientRoute(path), path).toBe(true);
      expect(prerenderedFileFor(path), path).toBeNull();
    }
  });

  it('gives the not-found page to paths no route knows', () => {
    for (const path of ['/nope', '/products', '/products/1/2', '/dashboards', '/blog', '/login/x']) {
      expect(isClientRoute(path), path).toBe(false);
      expect(prerenderedFileFor(path), path).toBe('not-found.html');
    }
  });
});
