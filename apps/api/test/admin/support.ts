import type { Database } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type Persona, type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import type { Kysely } from 'kysely';

// What the admin tests share: a real app on its own database with the personas, the three
// frequency types of §3 and a few report categories, and a way to call it as a persona.

export const CATEGORIES = [
  { code: 'SETTLEMENT', name: 'Settlement', frequencyTypes: ['DLY'], ownerEmails: ['settle@x.example'] },
  { code: 'CHARGEBACKS', name: 'Chargebacks', frequencyTypes: ['WLY'], ownerEmails: [] },
  {
    code: 'ACCOUNTS',
    name: 'Account Activity',
    frequencyTypes: ['DLY', 'WLY'],
    ownerEmails: ['acc@x.example'],
  },
  { code: 'STATEMENTS', name: 'Monthly Statements', frequencyTypes: ['MLY'], ownerEmails: ['st@x.example'] },
];

export async function seedReferenceData(db: Kysely<Database>) {
  await db
    .insertInto('frequency_types')
    .values([
      { code: 'DLY', name: 'Day' },
      { code: 'WLY', name: 'Week' },
      { code: 'MLY', name: 'Month' },
    ])
    .execute();
  for (const c of CATEGORIES) {
    await db
      .insertInto('report_categories')
      .values({ code: c.code, name: c.name, owner_emails: c.ownerEmails })
      .execute();
    await db
      .insertInto('report_category_frequency_types')
      .values(c.frequencyTypes.map((f) => ({ category_code: c.code, frequency_type_code: f })))
      .execute();
  }
}

export type AdminTest = TestApp & {
  personas: SeededPersonas;
  /** Calls the API as `persona`; `body` is sent as JSON. */
  call(
    persona: Persona,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field by the tests
  ): Promise<{ status: number; json: any; text: string; headers: Record<string, unknown> }>;
};

export async function createAdminTest(): Promise<AdminTest> {
  const t = await createTestApp();
  const personas = await seedPersonas(t.database.db);
  await seedReferenceData(t.database.db);
  return {
    ...t,
    personas,
    async call(persona, method, url, body) {
      const reply = await t.app.inject({
        method,
        url,
        headers: await personas.headers(persona),
        ...(body !== undefined && { payload: body as object }),
      });
      const isJson = String(reply.headers['content-type'] ?? '').includes('json');
      return {
        status: reply.statusCode,
        json: isJson ? reply.json() : undefined,
        text: reply.body,
        headers: reply.headers,
      };
    },
  };
}

export const weekly = (categoryCode: string, frequencyDay = 'MONDAY') => ({
  categoryCode,
  frequencyTypeCode: 'WLY',
  frequencyDay,
  frequencyNumber: null,
});

export const partnerBody = (
  code: string,
  categories: [string, string[]][],
  extra: Record<string, unknown> = {},
) => ({
  type: 'EXT',
  code,
  name: `Partner ${code}`,
  categories: categories.map(([category, frequencyTypes]) => ({
    code: category,
    frequencyTypes: frequencyTypes.map((f) => ({ code: f })),
  })),
  ...extra,
});

export async function auditRows(db: Kysely<Database>, entityType: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', entityType)
    .orderBy('audit_id')
    .execute();
}
