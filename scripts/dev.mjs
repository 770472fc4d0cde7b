#!/usr/bin/env node
// npm run dev: the API with reload on :3000 and the Vite dev server on :5173 (proxying /api to the API).
// Both stop together on Ctrl-C or when either exits.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@lombard/api'], { stdio: 'inherit', env: { ...process.env } }),
  spawn('npm', ['run', 'dev', '-w', '@lombard/web'], { stdio: 'inherit', env: { ...process.env } }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
console.info('Lombard dev: API http://localhost:3000 · web http://localhost:5173');
