import { sql } from 'kysely';
import type { Db } from '../db.js';
import { sha256Hex } from './sessions.js';

/**
 * Claims a verification token (an ALTCHA solution) for one use: true the first time, false when
 * it was presented before and has not expired. Only its SHA-256 is kept.
 */
export async function claimVerificationToken(db: Db, token: string, expiresAt: Date): Promise<boolean> {
  await db.deleteFrom('human_verification_uses').where('expires_at', '<', sql<Date>`now()`).execute();
  const claimed = await db
    .insertInto('human_verification_uses')
    .values({ token_hash: sha256Hex(token), expires_at: expiresAt })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .returning('token_hash')
    .executeTakeFirst();
  return claimed !== undefined;
}
