// Writes a resource's rows to an XLSX file with exceljs, streaming (any number of rows in constant
// memory). Columns are typed: amounts and integers are numeric cells, dates real date cells in the reader's
// time zone (named in the header of every column with a time), booleans real booleans; headers and the
// sheet title in the requester's language.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportCellType, ExportColumn, ResourceContext } from './types';

type Row = Record<string, unknown>;

const DATE_FORMAT = { it: 'dd/mm/yyyy', en: 'mm/dd/yyyy' } as const;
const DATETIME_FORMAT = { it: 'dd/mm/yyyy hh:mm', en: 'mm/dd/yyyy hh:mm AM/PM' } as const;

/** The wall-clock fields of an instant in a zone: year, month, day, hour, minute, second. */
export function wallClock(value: Date, timeZone: string): Record<string, string> {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(format.formatToParts(value).map((p) => [p.type, p.value]));
}

/**
 * Spreadsheet dates have no time zone: a cell shows its UTC fields. Shift instants so that the cell shows
 * the time in the reader's zone, as the app shows it to them.
 */
export function toSheetDate(value: Date, timeZone: string): Date {
  const parts = wallClock(value, timeZone);
  return new Date(
    Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    ),
  );
}

function cellValue(type: ExportCellType, value: unknown, timeZone: string): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (type) {
    case 'amount':
    case 'integer': {
      const number = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(number) ? number : String(value);
    }
    case 'date': {
      // A calendar date (YYYY-MM-DD) is midnight UTC in the sheet, whatever the server's zone.
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
      return value instanceof Date ? toSheetDate(value, timeZone) : String(value);
    }
    case 'datetime':
      return value instanceof Date ? toSheetDate(value, timeZone) : toSheetDate(new Date(String(value)), timeZone);
    case 'boolean':
      return Boolean(value);
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}

function numberFormat(type: ExportCellType, context: ResourceContext): string | undefined {
  switch (type) {
    case 'amount':
      return '#,##0.00';
    case 'integer':
      return '0';
    case 'date':
      return DATE_FORMAT[context.language];
    case 'datetime':
      return DATETIME_FORMAT[context.language];
    default:
      return undefined;
  }
}

const DEFAULT_WIDTH: Record<ExportCellType, number> = {
  text: 28,
  integer: 10,
  amount: 16,
  date: 14,
  datetime: 20,
  boolean: 10,
};

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(title: string) {
  return title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
}

/**
 * Waits while the reader of the workbook (the file store) is behind, so that at most one batch of rows
 * waits in memory; a stream destroyed meanwhile (the store failed) ends the writing.
 */
async function roomIn(stream: Writable) {
  if (stream.writableNeedDrain && !stream.destroyed) {
    const stop = new AbortController();
    try {
      await Promise.race([
        once(stream, 'drain', { signal: stop.signal }),
        once(stream, 'close', { signal: stop.signal }),
      ]);
    } finally {
      stop.abort();
    }
  }
  if (stream.destroyed) throw stream.errored ?? new Error('the workbook stream was closed before the end');
}

/** Writes the workbook into `stream`, which it ends; resolves once every byte is written into it. */
export async function writeXlsx(
  stream: Writable,
  options: {
    title: string;
    columns: ExportColumn<Row>[];
    batches: AsyncIterable<Row[]>;
    context: ResourceContext;
    /** The zone of every time in the sheet, written after the header of each column that holds one. */
    timeZone: string;
  },
): Promise<{ rowCount: number }> {
  const { columns, context } = options;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  workbook.creator = 'Lombard';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName(options.title), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({
    key: `c${index}`,
    header: column.type === 'datetime' ? `${context.t(column.header)} (${options.timeZone})` : context.t(column.header),
    width: column.width ?? DEFAULT_WIDTH[column.type],
    style: { numFmt: numberFormat(column.type, context) as string },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, columns.length) } };
  let rowCount = 0;
  for await (const batch of options.batches) {
    await roomIn(stream);
    for (const row of batch) {
      const values: Record<string, ExcelJS.CellValue> = {};
      columns.forEach((column, index) => {
        const raw = typeof column.value === 'function' ? column.value(row, context) : row[column.value as string];
        values[`c${index}`] = cellValue(column.type, raw, options.timeZone);
      });
      sheet.addRow(values).commit();
      rowCount++;
    }
  }
  await roomIn(stream);
  sheet.commit();
  await workbook.commit();
  return { rowCount };
}
