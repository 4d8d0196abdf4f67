import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** What every repository function takes: the database, or a transaction the caller opened. */
export type Db = Kysely<Database> | Transaction<Database>;
