// Makes sure the Debian packages the tests run exist: Chromium for the browser journeys (Playwright must
// never download a browser) and HAProxy for the fault run of several processes. As root with apt, a missing
// one is installed; otherwise Chromium is required, and HAProxy is required only under CI=true (elsewhere
// its test is skipped and says why).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = (() => {
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const tools = [
  {
    name: 'Chromium',
    paths: [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'],
    packages: 'chromium fonts-dejavu-core',
    required: true,
    advice: "Install Debian's chromium (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary, then run npm test again.",
  },
  {
    name: 'HAProxy',
    paths: ['/usr/sbin/haproxy', '/usr/bin/haproxy'],
    packages: 'haproxy',
    required: process.env.CI === 'true',
    advice: "Install Debian's haproxy (sudo apt-get install haproxy) to run the test of faults under load.",
  },
];

const found = (tool) => tool.paths.filter(Boolean).find((p) => existsSync(p));
const missing = tools.filter((tool) => !found(tool));
if (missing.length > 0 && isRoot && hasApt) {
  const packages = missing.map((tool) => tool.packages).join(' ');
  console.log(`Installing Debian's ${packages} for the tests...`);
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, { stdio: 'inherit' });
  } catch {
    console.error(`Installing ${packages} with apt-get failed.`);
  }
}
let failed = false;
for (const tool of tools) {
  const path = found(tool);
  if (path) console.log(`${tool.name}: ${path}`);
  else if (tool.required) {
    console.error(`No ${tool.name} found for the tests. ${tool.advice}`);
    failed = true;
  } else console.log(`No ${tool.name} found: its tests are skipped. ${tool.advice}`);
}
process.exit(failed ? 1 : 0);
