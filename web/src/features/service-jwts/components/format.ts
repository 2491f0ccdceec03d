/** 'Every N h' from the interval in minutes; a non-whole number of hours keeps up to two decimals. */
export function everyHours(minutes: number): string {
  return `Every ${Number((minutes / 60).toFixed(2))} h`;
}
