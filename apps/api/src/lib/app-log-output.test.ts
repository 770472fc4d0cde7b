// A process killed with SIGKILL runs no exit handler: what its log held in memory is lost. These run the
// production output in a child process, kill it, and read what reached the file.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MODULE = path.join(import.meta.dirname, 'app-log-output.ts');
let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'lombard-app-log-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A child that opens `file`, writes `lines` through the production output, then runs `then`. */
function child(file: string, lines: string[], then: string): ChildProcess {
  const script = `
    import { openSync } from 'node:fs';
    const { bufferedLogOutput } = await import(${JSON.stringify(MODULE)});
    const output = bufferedLogOutput(openSync(${JSON.stringify(file)}, 'a'));
    for (const line of ${JSON.stringify(lines)}) output.write(line + '\\n');
    ${then}
  `;
  return spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** Waits (polling the file, as a person tailing the log would) until it holds `text`. */
async function untilFileHolds(file: string, text: string) {
  while (!read(file).includes(text)) await new Promise((resolve) => setTimeout(resolve, 20));
}

const exited = (process_: ChildProcess) => new Promise((resolve) => process_.once('exit', resolve));

describe('the app log in production', () => {
  it('writes an ordinary line within a moment, not when 4 KB have gathered', { timeout: 20_000 }, async () => {
    const file = path.join(folder, 'ordinary.log');
    const running = child(file, ['{"level":30,"msg":"job started"}'], 'setInterval(() => {}, 1000);');
    try {
      await untilFileHolds(file, 'job started');
    } finally {
      running.kill('SIGKILL');
      await exited(running);
    }
  });

  it('loses no error line, nor the lines before it, when the process is killed right after', async () => {
    const file = path.join(folder, 'killed.log');
    const lines = ['{"level":30,"msg":"payout started"}', '{"level":50,"msg":"payout failed"}'];
    await exited(child(file, lines, "process.kill(process.pid, 'SIGKILL');"));
    expect(read(file).trim().split('\n')).toEqual(lines);
  });
});
