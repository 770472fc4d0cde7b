// Real, small files for the demo data and the tests: a PDF made with pdf-lib and a PNG written byte by
// byte (signature, IHDR, IDAT, IEND with their CRCs), so that both pass the content check like a scan would.
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/** A one-page A4 PDF with a title and a few lines, marked as a specimen. */
export async function samplePdf(title: string, lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator('Lombard demo data');
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawText(title, { x: 56, y: 770, size: 20, font: bold, color: rgb(0.1, 0.2, 0.4) });
  lines.forEach((line, i) => {
    page.drawText(line, { x: 56, y: 730 - i * 20, size: 12, font });
  });
  page.drawText('SPECIMEN - demo data, not a real document', {
    x: 56,
    y: 60,
    size: 10,
    font,
    color: rgb(0.6, 0.1, 0.1),
  });
  // A fixed date keeps the bytes stable between runs.
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  return Buffer.from(await pdf.save());
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * An RGB PNG of a card: a coloured band on top of a light body, like the photo of a document's side.
 * `colour` is the band's [r, g, b].
 */
export function samplePng(width: number, height: number, colour: readonly [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // colour type: RGB
  const rowLength = 1 + width * 3;
  const pixels = Buffer.alloc(rowLength * height);
  for (let y = 0; y < height; y++) {
    const [r, g, b] = y < height / 4 ? colour : [0xf4, 0xf1, 0xea];
    for (let x = 0; x < width; x++) {
      const offset = y * rowLength + 1 + x * 3;
      pixels[offset] = r;
      pixels[offset + 1] = g;
      pixels[offset + 2] = b;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
