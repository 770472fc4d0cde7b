// Export file names carry the reader's wall-clock time and name its zone, the same zone as every time in
// the sheet, so the file never disagrees with the local time the notification shows next to it.
import { describe, expect, it } from 'vitest';
import { exportFileName } from './service';

describe('exportFileName', () => {
  it("stamps the reader's date and time and names the zone, whatever the business or server zone", () => {
    // 22:30 UTC on 1 July is already 2 July, 00:30, in Rome.
    const at = new Date('2026-07-01T22:30:15.900Z');
    expect(exportFileName('Utenti', at, 'Europe/Rome')).toBe('utenti-2026-07-02-003015-Europe-Rome.xlsx');
    expect(exportFileName('Utenti', at, 'UTC')).toBe('utenti-2026-07-01-223015-UTC.xlsx');
    expect(exportFileName('Utenti', at, 'America/New_York')).toBe('utenti-2026-07-01-183015-America-New-York.xlsx');
    expect(exportFileName('Notifiche è più', new Date('2026-01-05T00:00:00Z'), 'UTC')).toBe(
      'notifiche-e-piu-2026-01-05-000000-UTC.xlsx',
    );
    expect(exportFileName('—', new Date('2026-01-05T00:00:00Z'), 'UTC')).toBe('export-2026-01-05-000000-UTC.xlsx');
  });
});
