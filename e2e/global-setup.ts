import { startPortal } from '@portal/test-portal';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    filesDir: string;
    mailDir: string;
    redisUrl: string;
    queuePrefix: string;
  }
}

// One running portal for the whole browser-test run.
export default async function setup(project: TestProject) {
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
