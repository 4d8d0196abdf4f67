import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type Persona, type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MATRIX_CATEGORY } from '../authorization/report-fixtures.js';
import { seedReportCatalog } from '../reports/fixtures.js';
import { PNG_1x1 } from '../support/multipart.js';

// ISSUE 11 point 5: a malformed multipart body is the client's mistake (400), never a 500, and
// leaves nothing behind: no row, no stored file.
const BOUNDARY = '----portalmalformed';
const filePart = (field: string, fileName: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
  ]);
const datePart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="reportDate"\r\n\r\n2026-11-20\r\n`;

type Upload = { url: string; persona: Persona; head: string; field: string; fileName: string };
const UPLOADS: Upload[] = [
  { url: '/api/logo/BJS', persona: 'internalAdmin', head: '', field: 'File', fileName: 'logo.png' },
  { url: '/api/marketing/upload/BJS', persona: 'internalAdmin', head: '', field: 'File', fileName: 'm.png' },
  {
    url: `/api/reports/EXT/BJS/${REPORT_MATRIX_CATEGORY}/upload`,
    persona: 'serviceAccount',
    head: datePart,
    field: 'file',
    fileName: 'report.csv',
  },
];

const BODIES: [string, (u: Upload) => { payload: Buffer; contentType: string }][] = [
  [
    'a body without its closing boundary',
    (u) => ({
      payload: Buffer.concat([Buffer.from(u.head), filePart(u.field, u.fileName, PNG_1x1)]),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    }),
  ],
  [
    'multipart/form-data without a boundary',
    (u) => ({
      payload: Buffer.concat([Buffer.from(u.head), filePart(u.field, u.fileName, PNG_1x1)]),
      contentType: 'multipart/form-data',
    }),
  ],
  [
    'a part whose headers never end',
    () => ({
      payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="File"`),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    }),
  ],
  [
    'a boundary that does not match the body',
    (u) => ({
      payload: Buffer.concat([
        filePart(u.field, u.fileName, PNG_1x1),
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]),
      contentType: 'multipart/form-data; boundary=another',
    }),
  ],
];

describe('malformed multipart uploads', () => {
  let t: TestApp;
  let personas: SeededPersonas;

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
    await seedReportCatalog(t.database.db);
  });
  afterAll(async () => t?.close());

  const storedFiles = async (): Promise<string[]> =>
    (await readdir(t.filesDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  const rows = async () => ({
    images: (await t.database.db.selectFrom('partner_images').selectAll().execute()).length,
    reports: (await t.database.db.selectFrom('reports').selectAll().execute()).length,
  });

  for (const upload of UPLOADS) {
    for (const [name, body] of BODIES) {
      it(`POST ${upload.url}: ${name} is 400 and stores nothing`, async () => {
        const before = { files: await storedFiles(), rows: await rows() };
        const { payload, contentType } = body(upload);
        const reply = await t.app.inject({
          method: 'POST',
          url: upload.url,
          payload,
          headers: { ...(await personas.headers(upload.persona)), 'content-type': contentType },
        });
        expect(reply.statusCode).toBe(400);
        expect(reply.json().message).toMatch(/multipart|file/i);
        expect({ files: await storedFiles(), rows: await rows() }).toEqual(before);
      });
    }
  }
});
