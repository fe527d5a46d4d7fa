// `npm run bench:doc`: rewrites the figures section of docs/performance.md from bench/results/latest.json.

import { writePerformanceDoc } from './lib/performance-doc';

writePerformanceDoc();
process.stdout.write('docs/performance.md: figures written from bench/results/latest.json\n');
