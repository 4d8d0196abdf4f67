import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// A delivery refused for where its host resolved wrote that address at the end of its error, which
// a manager reads in the delivery log: what an internal name resolves to maps the portal's network.
// The address gets a column of its own, which only an internal administrator's log shows. Errors
// written before give theirs to it; the delivery's last error and an endpoint's disabled reason
// (which quotes the last error) lose it.

// The refusal's message as resolve.ts words it, as a regular expression.
const REFUSED = String.raw`The endpoint resolves to an address the portal does not send to \(loopback, private, link-local or metadata\)\.`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table webhook_delivery_attempts add column if not exists refused_address text;
    update webhook_delivery_attempts
       set refused_address = substring(error from '^${REFUSED} \\(([^()]*)\\)$'),
           error = regexp_replace(error, '^(${REFUSED}) \\([^()]*\\)$', '\\1')
     where error ~ '^${REFUSED} \\([^()]*\\)$';
    update webhook_deliveries
       set last_error = regexp_replace(last_error, '(${REFUSED}) \\([^()]*\\)', '\\1')
     where last_error ~ '${REFUSED} \\([^()]*\\)';
    update webhook_endpoints
       set disabled_reason = regexp_replace(disabled_reason, '(${REFUSED}) \\([^()]*\\)', '\\1')
     where disabled_reason ~ '${REFUSED} \\([^()]*\\)';
  `,
  );
}

// The addresses stay out of the errors: a manager's log never shows them again.
export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, 'alter table webhook_delivery_attempts drop column refused_address;');
}
