import { PREVIEW_LIMITS, type Worksheet } from './limits.js';

// Cell values become plain text: the SPA prints them as text, never as HTML.

const pad = (n: number) => String(n).padStart(2, '0');

/** Dates as MM/dd/yyyy in UTC (SPEC.md §9), with the time when there is one. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const day = `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
  const hasTime = date.getUTCHours() + date.getUTCMinutes() + date.getUTCSeconds() > 0;
  return hasTime
    ? `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
    : day;
}

/** The text of an exceljs cell value: numbers, strings, dates, formulas, rich text, links, errors. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value !== 'object') return String(value);
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.richText)) {
    return v.richText.map((part: { text?: unknown }) => String(part.text ?? '')).join('');
  }
  if ('result' in v) return cellText(v.result);
  if ('formula' in v || 'sharedFormula' in v) return '';
  if ('text' in v) return cellText(v.text);
  if ('error' in v) return String(v.error);
  return '';
}

/** Collects rows into worksheets within PREVIEW_LIMITS, across every sheet of one file. */
export class PreviewCollector {
  readonly worksheets: Worksheet[] = [];
  #characters = 0;

  /** False once the whole-preview text budget is spent: stop reading. */
  get open(): boolean {
    return this.#characters < PREVIEW_LIMITS.totalCharacters;
  }

  startSheet(name: string): Worksheet | null {
    if (this.worksheets.length >= PREVIEW_LIMITS.worksheets) return null;
    const sheet: Worksheet = { name, rows: [], truncated: false };
    this.worksheets.push(sheet);
    return sheet;
  }

  /** Adds a row of cell texts; false when the sheet is full (it is then marked truncated). */
  addRow(sheet: Worksheet, cells: string[]): boolean {
    if (sheet.rows.length >= PREVIEW_LIMITS.rows || !this.open) {
      sheet.truncated = true;
      return false;
    }
    if (cells.length > PREVIEW_LIMITS.columns) sheet.truncated = true;
    const row = cells.slice(0, PREVIEW_LIMITS.columns).map((text) => {
      if (text.length <= PREVIEW_LIMITS.cellCharacters) return text;
      sheet.truncated = true;
      return text.slice(0, PREVIEW_LIMITS.cellCharacters);
    });
    for (const text of row) this.#characters += text.length;
    sheet.rows.push(row);
    return true;
  }
}
