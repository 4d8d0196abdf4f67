import { type Kysely, sql } from 'kysely';

// PGlite runs one statement per prepared query, so a migration script is split into its
// statements here: at each semicolon that ends a line outside a $$-quoted body.
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inDollarQuote = false;
  for (const line of script.split('\n')) {
    current.push(line);
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inDollarQuote = !inDollarQuote;
    if (!inDollarQuote && /;\s*(--.*)?$/.test(line)) {
      const statement = current.join('\n').trim();
      if (statement.replace(/--.*$/gm, '').trim() !== ';') statements.push(statement);
      current = [];
    }
  }
  const rest = current.join('\n').replace(/--.*$/gm, '').trim();
  if (rest) statements.push(rest);
  return statements;
}

export async function runScript(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of splitStatements(script)) {
    await sql.raw(statement).execute(db);
  }
}
