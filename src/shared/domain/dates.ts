/*
 * Dates as dayjs formats them in English, in the local time zone of whoever calls: 'MMM D, YYYY'
 * and 'MMM Do YYYY, h:mm A' (docs/product/constants.md). Written out so the viewer's first load
 * does not carry dayjs (decision 0037); dates.test.ts holds them to dayjs's output.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SUFFIXES = ['th', 'st', 'nd', 'rd'];

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st… */
function ordinal(n: number): string {
  const v = n % 100;
  return `${n}${SUFFIXES[(v - 20) % 10] ?? SUFFIXES[v] ?? 'th'}`;
}

/** 'Nov 3, 2026' (dayjs 'MMM D, YYYY'). */
export function formatDay(ms: number): string {
  const d = new Date(ms);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${pad(d.getFullYear(), 4)}`;
}

/** 'Nov 3rd 2026, 3:05 PM' (dayjs 'MMM Do YYYY, h:mm A'). */
export function formatMoment(ms: number): string {
  const d = new Date(ms);
  const hours = d.getHours();
  return `${MONTHS[d.getMonth()]} ${ordinal(d.getDate())} ${pad(d.getFullYear(), 4)}, ${
    hours % 12 || 12
  }:${pad(d.getMinutes(), 2)} ${hours < 12 ? 'AM' : 'PM'}`;
}
