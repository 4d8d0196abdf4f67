// `node --import tsx scripts/import-reports.ts --dir <folder> [--frequency DLY] [--uploaded-by <userId>]`
// Imports report files laid out as Reports/{accessType}/{partner}/{category}/{YYYY-MM-DD}/{file}
// under <folder> (or <folder> itself when it is the Reports folder). Every file is checked
// first; if any cannot be placed, nothing is imported. Database and storage are configured as
// for scripts/seed.ts.

import { createReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  connect,
  type Database,
  type IngestedReport,
  ingestReport,
  migrateToLatest,
  type ReportBlobWriter,
  ReportIngestError,
  type ReportTarget,
  resolveReportTarget,
} from '@portal/db';
import { REPORTS_ROOT, tryParseReportKey } from '@portal/domain/reports/report-keys';
import { readEnv, SharedEnvSchema } from '@portal/process/env';
import { contentTypeForFileName, createBlobStore } from '@portal/storage';
import type { Kysely } from 'kysely';

export type ImportReportsOptions = {
  dir: string;
  /** For categories with several frequency types; applies to every file of the import. */
  frequencyTypeCode?: string | undefined;
  uploadedBy?: string | null;
  onImported?: (report: IngestedReport) => void;
};

export type ImportProblem = { file: string; message: string; code?: string };

export class ImportRefusedError extends Error {
  override readonly name = 'ImportRefusedError';
  constructor(readonly problems: ImportProblem[]) {
    super(`Nothing imported: ${problems.length} file(s) cannot be placed`);
  }
}

type FoundFile = { path: string; key: string; lastModified: Date };

/** The Reports folder that `dir` is or contains. */
export function reportsFolderOf(dir: string): string {
  const absolute = resolve(dir);
  return basename(absolute) === REPORTS_ROOT ? absolute : join(absolute, REPORTS_ROOT);
}

async function findFiles(reportsFolder: string): Promise<{ files: FoundFile[]; problems: ImportProblem[] }> {
  const base = dirname(reportsFolder);
  const files: FoundFile[] = [];
  const problems: ImportProblem[] = [];
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const key = relative(base, path).split(sep).join('/');
      // Hidden files such as .DS_Store are not reports.
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) files.push({ path, key, lastModified: (await lstat(path)).mtime });
      else
        problems.push({
          file: key,
          message: 'is neither a plain file nor a folder (links are not followed)',
        });
    }
  };
  await walk(reportsFolder);
  files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { files, problems };
}

/** Checks every file, then streams each into the blob store and records it. */
export async function importReports(
  db: Kysely<Database>,
  blobs: ReportBlobWriter,
  options: ImportReportsOptions,
): Promise<IngestedReport[]> {
  const reportsFolder = reportsFolderOf(options.dir);
  const folder = await lstat(reportsFolder).catch(() => null);
  if (!folder?.isDirectory()) {
    throw new ImportRefusedError([
      { file: reportsFolder, message: `is not a folder; expected ${REPORTS_ROOT}/…` },
    ]);
  }
  const { files, problems } = await findFiles(reportsFolder);
  const planned: Array<{ file: FoundFile; target: ReportTarget }> = [];
  for (const file of files) {
    const parts = tryParseReportKey(file.key);
    if (!parts) {
      problems.push({
        file: file.key,
        message: `is not laid out as ${REPORTS_ROOT}/{accessType}/{partner}/{category}/{YYYY-MM-DD}/{file}`,
      });
      continue;
    }
    try {
      planned.push({
        file,
        target: await resolveReportTarget(db, { ...parts, frequencyTypeCode: options.frequencyTypeCode }),
      });
    } catch (error) {
      if (!(error instanceof ReportIngestError)) throw error;
      problems.push({ file: file.key, message: error.message, code: error.code });
    }
  }
  if (problems.length) throw new ImportRefusedError(problems);

  const imported: IngestedReport[] = [];
  for (const { file, target } of planned) {
    const report = await ingestReport(db, blobs, {
      ...target,
      body: createReadStream(file.path),
      contentType: contentTypeForFileName(target.fileName),
      lastModified: file.lastModified,
      uploadedBy: options.uploadedBy ?? null,
    });
    options.onImported?.(report);
    imported.push(report);
  }
  return imported;
}

function describeProblem(problem: ImportProblem): string {
  const hint = problem.code === 'FREQUENCY_TYPE_REQUIRED' ? ' (pass --frequency)' : '';
  return `  ${problem.file}: ${problem.message}${hint}`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { dir: { type: 'string' }, frequency: { type: 'string' }, 'uploaded-by': { type: 'string' } },
  });
  if (!values.dir) {
    console.error('usage: import-reports --dir <folder> [--frequency DLY|WLY|MLY] [--uploaded-by <userId>]');
    return 2;
  }
  const store = createBlobStore(process.env);
  const env = readEnv(SharedEnvSchema, process.env);
  const handle = connect({ databaseUrl: env.DATABASE_URL, dataDir: env.PGLITE_DIR });
  try {
    await migrateToLatest(handle.db);
    const imported = await importReports(handle.db, store, {
      dir: values.dir,
      frequencyTypeCode: values.frequency,
      uploadedBy: values['uploaded-by'] ?? null,
      onImported: (r) => {
        const replaced = r.supersededReportId ? `, replaces report ${r.supersededReportId}` : '';
        console.log(`imported ${r.storageKey} (${r.frequencyTypeCode}, ${r.size} bytes${replaced})`);
      },
    });
    console.log(`import-reports: ${imported.length} file(s) imported`);
    return 0;
  } catch (error) {
    if (!(error instanceof ImportRefusedError)) throw error;
    console.error(`import-reports: ${error.message}:\n${error.problems.map(describeProblem).join('\n')}`);
    return 1;
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`import-reports: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
