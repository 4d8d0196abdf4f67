import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

// npm run typecheck checks the server side as one program (tsconfig.node.json): every Node.js
// workspace's own tsconfig.json must be in it, with the same options, or a workspace would go
// unchecked by npm test. The SPA and the browser tests are programs of their own.

const root = join(import.meta.dirname, '../..');
/** tsconfig files may hold comments. */
const readConfig = (path: string) =>
  JSON.parse(readFileSync(join(root, path), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as {
    extends?: string;
    compilerOptions?: object;
    include?: string[];
  };
const OWN_PROGRAMS = ['apps/web/tsconfig.json', 'e2e/tsconfig.json'];

describe('the server side typecheck program', () => {
  const program = readConfig('tsconfig.node.json');
  const workspaces = execFileSync('git', ['ls-files', '*/tsconfig.json'], { cwd: root, encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter((path) => !OWN_PROGRAMS.includes(path));

  it('includes what every Node.js workspace includes', () => {
    expect(workspaces.length).toBeGreaterThanOrEqual(12);
    const missing = workspaces.flatMap((path) =>
      (readConfig(path).include ?? []).map((entry) => posix.join(dirname(path), entry)),
    );
    expect(missing.filter((entry) => !program.include?.includes(entry))).toEqual([]);
  });

  it('with their options: the base, nothing of their own', () => {
    const ownOptions = workspaces.filter((path) => readConfig(path).compilerOptions !== undefined);
    expect(ownOptions).toEqual([]);
    expect(program.extends).toBe('./tsconfig.base.json');
  });
});
