import { createSession, type Database } from '@portal/db';
import type { TestApp } from '@portal/testing/api';
import { createUser, type Persona, type SeededPersonas } from '@portal/testing/personas';
import type { Kysely } from 'kysely';

// Reference data of the content area (the demo seed's banner types and issue reasons) and a
// marketing manager, for the content tests.

export const BANNER_TYPES = [
  { banner_code: 'INFO', alert_code: 'info', name: 'Information' },
  { banner_code: 'OUTAGE', alert_code: 'error', name: 'Outage' },
];
export const ISSUE_REASONS = ['Missing report', 'Access request', 'Other'];

/** Has MANAGE_MARKETING_CONTENT for EXT/BJS only. */
export const MARKETER = 'marketer@test.portal';

export async function seedContentReference(db: Kysely<Database>) {
  await db.insertInto('banner_types').values(BANNER_TYPES).execute();
  await db
    .insertInto('issue_reasons')
    .values(ISSUE_REASONS.map((reason, i) => ({ reason, sort_order: i })))
    .execute();
}

export async function seedMarketer(db: Kysely<Database>) {
  await createUser(db, {
    userId: MARKETER,
    isExternalUser: false,
    features: ['MANAGE_MARKETING_CONTENT'],
    partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
  });
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the app as a persona (JSON body). */
export function caller(t: TestApp, personas: SeededPersonas) {
  return async (persona: Persona, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as object }),
      headers: await personas.headers(persona),
    });
}

/** Request headers of a new session of `userId` (a user the personas do not cover). */
export async function sessionHeaders(db: Kysely<Database>, userId: string): Promise<Record<string, string>> {
  const { sessionId } = await createSession(db, { userId, provider: 'sso', idToken: null, absoluteHours: 1 });
  return { cookie: `portal_session=${sessionId}`, 'x-requested-with': 'portal' };
}
