// The text a PDF of ours prints, for browser tests that compare a document with the screen. The API draws
// its documents with pdf-lib in a standard font: each line is a `<hex> Tj` (or `(text) Tj`) in a content
// stream that is Flate-compressed or plain. No parser needed for that much.
import { inflateSync } from 'node:zlib';

function streams(pdf: Buffer): Buffer[] {
  const found: Buffer[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream', at, 'latin1');
    if (start < 0) return found;
    // "endstream" contains "stream": skip it.
    if (pdf.subarray(start - 3, start).toString('latin1') === 'end') {
      at = start + 6;
      continue;
    }
    let body = start + 6;
    if (pdf[body] === 0x0d) body += 1;
    if (pdf[body] === 0x0a) body += 1;
    const end = pdf.indexOf('endstream', body, 'latin1');
    if (end < 0) return found;
    const raw = pdf.subarray(body, end);
    try {
      found.push(inflateSync(raw));
    } catch {
      found.push(raw);
    }
    at = end + 9;
  }
}

const literalText = (text: string) =>
  text.replace(/\\([nrtbf()\\]|\d{1,3})/g, (_, c: string) =>
    /\d/.test(c)
      ? String.fromCharCode(Number.parseInt(c, 8))
      : ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }[c] ?? c),
  );

/** The shown strings of every page, one line per text operator, whitespace made plain. */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const stream of streams(pdf)) {
    const content = stream.toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      const text =
        match[1] !== undefined
          ? Buffer.from(match[1].replace(/\s/g, ''), 'hex').toString('latin1')
          : literalText(match[2] ?? '');
      lines.push(text.replace(/[\s\u00a0\u202f]+/g, ' ').trim());
    }
  }
  return lines.join('\n');
}
