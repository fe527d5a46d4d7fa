// The machine the figures came from: they mean little without it.

import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface MachineInfo {
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  os: string;
  loadAverageAtStart: number[];
}

export function machineInfo(): MachineInfo {
  let cpuModel = os.cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) cpuModel = line.split(':')[1]?.trim() ?? cpuModel;
  } catch {
    // Not Linux: os.cpus() is as good as it gets.
  }
  return {
    cores: os.availableParallelism(),
    cpuModel,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}
