import { prepareTemplateDatabase } from '../src/testing.js';

export default async function setup(): Promise<void> {
  await prepareTemplateDatabase();
}
