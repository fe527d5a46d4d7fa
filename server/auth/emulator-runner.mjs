// Runs the Firebase CLI and stops it when our server goes away, even after kill -9:
// the server holds this process's stdin, and a closed stdin means the server is gone.
import { spawn } from 'node:child_process';

const [bin, ...args] = process.argv.slice(2);
const child = spawn(bin, args, { stdio: ['ignore', 'inherit', 'inherit'] });
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  child.kill('SIGINT');
  setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
};
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => process.exit(code ?? 0));
