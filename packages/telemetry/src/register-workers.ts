// `node --import @portal/telemetry/register-workers workers/src/main.ts`: tracing for a worker process.
import { registerTracing } from './register.js';

registerTracing('portal-workers');
