import { isIP } from 'node:net';
import { createServiceAccount } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import type { LookupAll } from '@portal/webhooks';
import type { LightMyRequestResponse } from 'fastify';
import { seedReportCatalog } from '../reports/fixtures.js';
import { createPartnerManager } from '../support/partner-manager.js';

// The portal the webhook API tests run: the personas and the report catalog, the manager of EXT/BJS
// and a service account of EXT/BJS (svc-bjs) that manager may give an endpoint. Host names resolve
// through the test's own table: nothing is looked up off the machine.

export type Headers = Record<string, string>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type WebhookApp = {
  t: TestApp;
  personas: SeededPersonas;
  /** The manager of EXT/BJS. */
  manager: Headers;
  admin: Headers;
  /** The resolver the API uses, for the workers to use too. */
  lookup: LookupAll;
  call(headers: Headers, method: Method, url: string, payload?: object): Promise<LightMyRequestResponse>;
};

/** `resolve` answers a host name with its one address, or undefined for a name that does not resolve. */
export async function startWebhookApp(
  env: Record<string, string>,
  resolve: (hostname: string) => string | undefined,
): Promise<WebhookApp> {
  const lookup: LookupAll = async (hostname) => {
    const address = resolve(hostname);
    if (address === undefined) throw new Error(`ENOTFOUND ${hostname}`);
    return [{ address, family: isIP(address) }];
  };
  const t = await createTestApp(env, { webhookLookup: lookup });
  const personas = await seedPersonas(t.database.db);
  await seedReportCatalog(t.database.db);
  const manager = await createPartnerManager(t.database.db);
  await createServiceAccount(t.database.db, {
    userId: 'svc-bjs',
    name: 'BJS system',
    features: ['VIEW_REPORTS'],
    partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
  });
  return {
    t,
    personas,
    manager,
    admin: await personas.headers('internalAdmin'),
    lookup,
    call: (headers, method, url, payload) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }),
  };
}
