// Debian's Chromium for the browser benchmarks, with the flags that keep it quiet and local.

import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

export const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

export function chromiumPath(): string | null {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => Boolean(p && existsSync(p))) ?? null;
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('no Chromium found (set CHROMIUM_PATH)');
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS.filter((f) => f !== '--headless=new') });
}
