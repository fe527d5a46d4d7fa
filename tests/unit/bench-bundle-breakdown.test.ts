import { describe, expect, it } from 'vitest';
import { attribute, libraryOf } from '../../bench/lib/bundle-breakdown';

describe('bundle breakdown', () => {
  it('names the package a source came from, scoped packages included, and the app folder of its own code', () => {
    expect(libraryOf('../../node_modules/react-dom/cjs/react-dom.production.js')).toBe('react-dom');
    expect(libraryOf('../../node_modules/@tanstack/react-query/build/modern/index.js')).toBe('@tanstack/react-query');
    expect(libraryOf('../../node_modules/.pnpm/x/node_modules/dexie/dist/dexie.mjs')).toBe('dexie');
    expect(libraryOf('../../src/features/catalogue/find-tool.tsx')).toBe('app: src/features');
    expect(libraryOf('../../src/main.tsx')).toBe('app: src/main');
    expect(libraryOf('../../sw/sw.ts')).toBe('app: sw');
  });

  it('gives each mapped stretch of a line to its source and the rest to "unmapped"', () => {
    // Line 1: columns 0-2 from react, 3-5 from the app; line 2 has no mapping.
    const shares = attribute('abcdef\nxy', {
      sources: ['../node_modules/react/index.js', '../src/features/cart.ts'],
      mappings: 'AAAA,GCAA;',
    });
    expect(shares).toEqual([
      { library: 'react', bytes: 3 },
      { library: 'app: src/features', bytes: 3 },
      { library: 'unmapped', bytes: 3 },
    ]);
  });

  it('counts bytes, not characters, where a line holds more than ASCII', () => {
    const shares = attribute('é1', { sources: ['../node_modules/a/x.js'], mappings: 'AAAA' });
    expect(shares).toEqual([{ library: 'a', bytes: 3 }]);
  });

  it('refuses a mapping that is not Base64 VLQ', () => {
    expect(() => attribute('ab', { sources: ['x.js'], mappings: 'A!AA' })).toThrow(/not a source map character/u);
  });
});
