import { forbiddenCharacterMessage, hasForbiddenCharacter } from '../common/input-text.js';

// Which files a report upload may carry (ISSUE 11): the formats the portal delivers to partners
// (spreadsheets and their text, PDF and zip bundles), never a page, an image or a program that
// the download would hand to a partner's browser. REPORT_UPLOAD_EXTENSIONS overrides the list.
export const DEFAULT_REPORT_EXTENSIONS = ['csv', 'txt', 'xls', 'xlsx', 'pdf', 'zip'] as const;

/** 'csv, XLSX ,pdf' → ['csv', 'xlsx', 'pdf']. */
export function parseExtensions(setting: string): string[] {
  return [
    ...new Set(
      setting
        .split(',')
        .map((extension) => extension.trim().toLowerCase().replace(/^\./, ''))
        .filter(Boolean),
    ),
  ];
}

export const reportExtensionMessage = (extension: string, allowed: readonly string[]) =>
  `Report files must be ${allowed.map((e) => `.${e}`).join(', ')}${extension ? ` (not .${extension})` : ' (this file has no extension)'}.`;

/** Why a report file of this name may not be uploaded, or null. */
export function reportFileProblem(fileName: string, allowed: readonly string[]): string | null {
  if (hasForbiddenCharacter(fileName)) return forbiddenCharacterMessage('The file name');
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  return allowed.includes(extension) ? null : reportExtensionMessage(extension, allowed);
}
