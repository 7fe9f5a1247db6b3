const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A week's Monday on an axis: "Mar 2". Calendar days as the server wrote them, no time zone. */
export function shortDay(day: string): string {
  const [, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}`;
}

/** "2026-03" as "Mar 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
}

/** "2026-03" as "Mar" on an axis, with the year on January's tick. */
export function shortMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `Jan ${String(y).slice(2)}` : MONTHS[m - 1]!;
}

/** A share 0..1 as a whole percentage: "92%". */
export const percent = (share: number) => `${Math.round(share * 100)}%`;

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
