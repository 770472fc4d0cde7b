// Calendar quarters as the statements name them (`2026-Q3`): their first and last day, and the quarter
// that ended last before a day.

export interface Quarter {
  /** `2026-Q3` */
  label: string;
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const LAST_DAY = ['03-31', '06-30', '09-30', '12-31'];

export function quarter(year: number, number: number): Quarter {
  return {
    label: `${year}-Q${number}`,
    from: `${year}-${pad((number - 1) * 3 + 1)}-01`,
    to: `${year}-${LAST_DAY[number - 1]}`,
  };
}

/** The quarter a day (YYYY-MM-DD) falls in. */
export function quarterOfDay(day: string): Quarter {
  return quarter(Number(day.slice(0, 4)), Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1);
}

/** The last quarter that ended before `day`. */
export function previousQuarter(day: string): Quarter {
  const current = quarterOfDay(day);
  const year = Number(day.slice(0, 4));
  const number = Number(current.label.slice(-1));
  return number === 1 ? quarter(year - 1, 4) : quarter(year, number - 1);
}

/** `2026-Q3` back to its quarter; null for anything else. */
export function parseQuarter(label: string): Quarter | null {
  const match = /^(\d{4})-Q([1-4])$/.exec(label);
  return match ? quarter(Number(match[1]), Number(match[2])) : null;
}
