// Makes sure a Chromium for the browser tests exists. Playwright must never download a browser;
// we use Debian's chromium, installing it with apt when we are root and it is missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = candidates.find((p) => existsSync(p));
if (found) {
  console.log(`Chromium: ${found}`);
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let hasApt = false;
try {
  execSync('command -v apt-get', { stdio: 'ignore' });
  hasApt = true;
} catch {
  hasApt = false;
}
if (!isRoot || !hasApt) {
  console.error(
    'No Chromium found for the browser tests.\nInstall Debian\'s chromium (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary, then run npm test again.',
  );
  process.exit(1);
}
console.log('Installing Debian\'s chromium for the browser tests...');
try {
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core', { stdio: 'inherit' });
} catch {
  console.error('Installing chromium with apt-get failed. Install it by hand or set CHROMIUM_PATH, then run npm test again.');
  process.exit(1);
}
if (!existsSync('/usr/bin/chromium')) {
  console.error('apt-get finished but /usr/bin/chromium is missing. Set CHROMIUM_PATH to a Chromium binary.');
  process.exit(1);
}
console.log('Chromium: /usr/bin/chromium');
