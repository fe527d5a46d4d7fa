// The built PWA as the server sends it: pre-compressed scripts for browsers that accept them, hashed
// assets cached for a year, the shell revalidated, and client routes falling back to index.html.
// Serving files does not touch the database, so PGlite alone covers it.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

const SCRIPT = `export const tools = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `tool ${i}`))};\n`;

describe('static PWA files', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'forgeline-static-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Forgeline</title>');
    writeFileSync(path.join(dir, 'assets', 'home-abc123.js'), SCRIPT);
    writeFileSync(path.join(dir, 'assets', 'home-abc123.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dir, 'assets', 'home-abc123.js.gz'), gzipSync(SCRIPT));
    t = await createTestApp('pglite', { staticDir: dir });
  });

  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a browser that accepts brotli gets the .br copy, cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/home-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/u);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/iu);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  test('gzip when brotli is not accepted, the plain file when nothing is', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/home-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/home-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('the shell is revalidated and client routes fall back to it', async () => {
    const shell = await t.app.inject({ method: 'GET', url: '/' });
    expect(shell.headers['cache-control']).toBe('no-cache');
    const route = await t.app.inject({ method: 'GET', url: '/blogs' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>Forgeline</title>');
  });
});
