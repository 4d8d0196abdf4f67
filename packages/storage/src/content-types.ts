// Content types of the files the portal stores, by file-name extension.
const BY_EXTENSION: Record<string, string> = {
  csv: 'text/csv',
  txt: 'text/plain',
  json: 'application/json',
  pdf: 'application/pdf',
  zip: 'application/zip',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export function contentTypeForFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return DEFAULT_CONTENT_TYPE;
  return BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
}
