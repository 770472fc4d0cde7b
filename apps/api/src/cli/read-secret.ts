// Reading a password for a command-line tool without showing it or leaving it in the shell history.
import type { Readable } from 'node:stream';

/** Typed ahead of the next prompt (a line pasted together with the one before it). */
let typedAhead = '';

/** Prompts on the terminal and reads one line with echo off; Ctrl-C aborts the process. */
export function readSecretFromTerminal(prompt: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  return new Promise((resolve) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
    };
    const onData = (chunk: string) => {
      const chars = Array.from(chunk);
      for (const [index, char] of chars.entries()) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          // A "\r\n" pair ends one line, not two.
          const rest = chars.slice(index + 1).join('');
          typedAhead = char === '\r' && rest.startsWith('\n') ? rest.slice(1) : rest;
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          finish();
          process.exit(130);
        }
        if (char === '\u007f' || char === '\b') {
          value = Array.from(value).slice(0, -1).join('');
          continue;
        }
        value += char;
      }
    };
    stdin.on('data', onData);
    stdin.resume();
    if (typedAhead) {
      const pending = typedAhead;
      typedAhead = '';
      onData(pending);
    }
  });
}

/** The first line of a piped stdin, without its line ending (`printf '%s\n' "$PASSWORD" | …`). */
export async function readPasswordLine(input: Readable): Promise<string> {
  let data = '';
  input.setEncoding('utf8');
  for await (const chunk of input) {
    data += chunk as string;
    if (data.includes('\n')) break;
  }
  return data.split(/\r?\n/, 1)[0] ?? '';
}
