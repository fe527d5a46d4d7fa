import { describe, expect, it } from 'vitest';
import { pictureCache } from '../../server/images/storage';

const picture = (size: number) => ({ bytes: Buffer.alloc(size, 1), storedAt: new Date(0) });

describe('the picture cache of a process', () => {
  it('drops the least recently used pictures once they add up to more than its size', () => {
    const cache = pictureCache(300);
    cache.set('a', picture(100));
    cache.set('b', picture(100));
    cache.set('c', picture(100));
    expect(cache.get('a')).toBeDefined();
    cache.set('d', picture(100));
    // b was the least recently used: a was read after it.
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((hash) => cache.get(hash) !== undefined)).toEqual([true, true, true]);
    expect(cache.size).toEqual({ entries: 3, bytes: 300 });
  });

  it('counts a picture stored twice once, and never keeps one larger than itself', () => {
    const cache = pictureCache(300);
    cache.set('a', picture(100));
    cache.set('a', picture(100));
    cache.set('huge', picture(301));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 1, bytes: 100 });
  });

  it('forgets a removed picture and its bytes', () => {
    const cache = pictureCache(300);
    cache.set('a', picture(100));
    cache.set('a-320w', picture(40));
    cache.delete('a');
    cache.delete('never-kept');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 1, bytes: 40 });
  });
});
