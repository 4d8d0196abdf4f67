// The file size shown beside a report (SPEC.md §3: fileSize is text, rawSize the number).
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 0 → '0 B', 12_700 → '12.4 KB', 5_242_880 → '5.0 MB'; units of 1024 bytes. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`Not a file size: ${bytes}`);
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // 1023.96 KB would print as '1024.0 KB': carry it to the next unit.
  if (unit > 0 && Number(value.toFixed(1)) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
