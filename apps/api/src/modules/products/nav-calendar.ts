// The bank's calendar for NAVs: days and hours in Europe/Rome, working days Monday to Friday (a fund
// publishes no NAV on a weekend).
import { BUSINESS_TIME_ZONE } from '../../lib/resource/params';

/** From this hour (Rome) the day's NAV is due. */
export const NAV_PUBLICATION_HOUR = 18;

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The calendar day and hour in Rome at an instant. */
export function romeClock(instant: Date): { date: string; hour: number } {
  const values = Object.fromEntries(parts.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${values.year}-${values.month}-${values.day}`, hour: Number(values.hour) };
}

const dayOfWeek = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();

export function isWeekend(isoDate: string): boolean {
  const day = dayOfWeek(isoDate);
  return day === 0 || day === 6;
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The working day whose NAV is due at this instant, or null (a weekend, or before the publication hour). */
export function navDueOn(instant: Date): string | null {
  const { date, hour } = romeClock(instant);
  if (isWeekend(date) || hour < NAV_PUBLICATION_HOUR) return null;
  return date;
}
