// autocannon in the benchmark process, reduced to the figures we report.

import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export async function runLoad(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ pipelining: 1, ...options });
  return {
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
