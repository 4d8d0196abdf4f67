import { PREVIEW_LIMITS, type Worksheet } from './limits.js';

// Cell values are plain text: the SPA prints them as text, never as HTML.

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
