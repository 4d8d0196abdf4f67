// `node --import @portal/telemetry/register-api apps/api/src/server.ts`: tracing for the API process.
import { registerTracing } from './register.js';

registerTracing('portal-api');
