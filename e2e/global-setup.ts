import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { makeTestCertificates } from '@portal/testing';
import { startPortal } from '@portal/testing/portal';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    filesDir: string;
    mailDir: string;
    redisUrl: string;
    queuePrefix: string;
    /** The certificate of a browser test's webhook receiver on 127.0.0.2, from a CA the portal trusts. */
    webhookReceiverTls: { cert: string; key: string };
  }
}

// One running portal for the whole browser-test run. Its workers run in this process, which trusts
// a CA made for the run (as NODE_EXTRA_CA_CERTS would, nothing in the portal's settings), so a
// test's webhook receiver speaks https with the certificate it hands over.
export default async function setup(project: TestProject) {
  const receiverTls = makeTestCertificates(['127.0.0.2']);
  setDefaultCACertificates([...getCACertificates('default'), receiverTls.ca]);
  project.provide('webhookReceiverTls', { cert: receiverTls.cert, key: receiverTls.key });
  const portal = await startPortal();
  project.provide('baseUrl', portal.baseUrl);
  project.provide('databaseUrl', portal.databaseUrl);
  project.provide('filesDir', portal.filesDir);
  project.provide('mailDir', portal.mailDir);
  project.provide('redisUrl', portal.redisUrl);
  project.provide('queuePrefix', portal.queuePrefix);
  return async () => {
    await portal.stop();
  };
}
