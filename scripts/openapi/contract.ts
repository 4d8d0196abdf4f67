import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { breakingChanges } from './breaking-changes.js';
import { type OpenApiDocument, serializeDocument } from './document.js';

// The API contract in docs/api: the document generated from the routes (openapi.json), the
// approved contract (openapi-approved.json: the same document, plus the number of approved breaks
// in info.x-approved-breaks), and the changelog of approved breaks (approved-breaks.md, one line
// per approval). `npm test` fails when the document is stale, when the current document breaks the
// approved one, and when the approved one was changed without its line in the changelog.

export const CONTRACT_DIR = 'docs/api';
export const FILES = {
  current: 'openapi.json',
  approved: 'openapi-approved.json',
  changelog: 'approved-breaks.md',
} as const;

export const COMMANDS = {
  write: 'npx tsx scripts/openapi.ts --write',
  approve: 'npx tsx scripts/openapi.ts --approve "<why the break is acceptable>"',
};

const APPROVED_BREAKS = 'x-approved-breaks';
/** A changelog entry: `- 2026-11-27: why. Breaks: …` */
const ENTRY = /^- \d{4}-\d{2}-\d{2}: /;

type Contract = { current: OpenApiDocument; approved: OpenApiDocument; entries: string[] };

function readJson(path: string): OpenApiDocument {
  return JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}

function readContract(dir: string): Contract {
  return {
    current: readJson(join(dir, FILES.current)),
    approved: readJson(join(dir, FILES.approved)),
    entries: changelogEntries(readFileSync(join(dir, FILES.changelog), 'utf8')),
  };
}

export function changelogEntries(changelog: string): string[] {
  return changelog.split('\n').filter((line) => ENTRY.test(line));
}

function approvedCount(approved: OpenApiDocument): number {
  const count = approved.info[APPROVED_BREAKS];
  return typeof count === 'number' ? count : 0;
}

/** The approved form of a document: itself, counting the approvals so far. */
function asApproved(document: OpenApiDocument, approvals: number): OpenApiDocument {
  return { ...document, info: { ...document.info, [APPROVED_BREAKS]: approvals } };
}

/** The document without the approval count, to compare the approved contract with the current one. */
function withoutCount(document: OpenApiDocument): string {
  const { [APPROVED_BREAKS]: _count, ...info } = document.info;
  return serializeDocument({ ...document, info });
}

/** Is the committed document the one the routes generate? */
export function staleProblem(dir: string, generated: OpenApiDocument): string | undefined {
  const path = join(dir, FILES.current);
  const committed = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (committed === serializeDocument(generated)) return undefined;
  return `${path} is not the document the routes generate (a route or a schema changed): run ${COMMANDS.write} and commit it.`;
}

/** The problems of the committed contract: breaks not approved, an approval without its changelog line. */
export function contractProblems(dir: string): string[] {
  const { current, approved, entries } = readContract(dir);
  const breaks = breakingChanges(approved, current);
  if (breaks.length > 0) {
    return [
      `The API document breaks the approved contract (${join(dir, FILES.approved)}):`,
      ...breaks.map((b) => `  ${b}`),
      `If the break is intended, record it: ${COMMANDS.approve} (it updates the approved document and adds a line to ${join(dir, FILES.changelog)}).`,
    ];
  }
  const problems: string[] = [];
  if (approvedCount(approved) !== entries.length) {
    problems.push(
      `${join(dir, FILES.approved)} counts ${approvedCount(approved)} approved breaks but ${join(dir, FILES.changelog)} has ${entries.length} lines: the approved contract changes only with ${COMMANDS.approve}.`,
    );
  }
  if (withoutCount(approved) !== withoutCount(current)) {
    problems.push(
      `${join(dir, FILES.approved)} is behind ${join(dir, FILES.current)} (an addition, not a break): run ${COMMANDS.write}.`,
    );
  }
  return problems;
}

/**
 * Writes the generated document; the approved contract follows it when nothing breaks (additions
 * become part of the contract). Returns the breaks that still need an approval.
 */
export function writeContract(dir: string, generated: OpenApiDocument): string[] {
  writeFileSync(join(dir, FILES.current), serializeDocument(generated));
  const approvedPath = join(dir, FILES.approved);
  const approved = existsSync(approvedPath) ? readJson(approvedPath) : undefined;
  const breaks = approved ? breakingChanges(approved, generated) : [];
  if (breaks.length === 0) {
    const count = approved ? approvedCount(approved) : 0;
    writeFileSync(approvedPath, serializeDocument(asApproved(generated, count)));
  }
  return breaks;
}

/** Approves the current document's breaks: one changelog line naming them, and the approved document. */
export function approveContract(dir: string, reason: string, date: Date): string[] {
  const { current, approved, entries } = readContract(dir);
  const breaks = breakingChanges(approved, current);
  if (breaks.length === 0) return [];
  const why = reason.trim().replace(/\s+/g, ' ');
  if (!why) throw new Error('Say why the break is acceptable: --approve "<why>"');
  const line = `- ${date.toISOString().slice(0, 10)}: ${why.replace(/\.?$/, '.')} Breaks: ${breaks.join('; ')}.`;
  const changelogPath = join(dir, FILES.changelog);
  const changelog = readFileSync(changelogPath, 'utf8');
  writeFileSync(changelogPath, `${changelog.replace(/\n*$/, '\n')}${line}\n`);
  writeFileSync(join(dir, FILES.approved), serializeDocument(asApproved(current, entries.length + 1)));
  return breaks;
}
