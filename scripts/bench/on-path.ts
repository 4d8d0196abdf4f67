import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The path of an executable found on PATH, as the shell would find it. */
export function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}
