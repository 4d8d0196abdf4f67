import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { type ProducerQueues, queueNames } from '@portal/queue';
import { traceIdOfJob } from '@portal/telemetry';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http/errors.js';
import {
  isDependencyUnavailable,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
} from '../lib/http/unavailable.js';
import { declarePlaceAccess, QUEUE_BOARD_ACCESS, QUEUE_BOARD_PATH } from '../plugins/access.js';

/** A job's name on the board, with the trace it runs in (when traced), to find it in a trace backend. */
export function jobNameWithTrace(job: {
  name?: string;
  opts?: { telemetry?: { metadata?: string } };
}): string {
  const traceId = traceIdOfJob(job.opts?.telemetry?.metadata);
  return traceId ? `${job.name ?? ''} · trace ${traceId}` : (job.name ?? '');
}

/**
 * Bull Board at /admin/queues: every queue's waiting, active, failed and delayed jobs, with retry
 * and clean. Its routes get QUEUE_BOARD_ACCESS (internal admins) from their scope
 * (declarePlaceAccess), so the auth plugin's rule and the authorization matrix cover them like our own.
 */
export async function queueBoardPlugin(app: FastifyInstance, options: { queues: ProducerQueues }) {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  const board = createBullBoard({
    queues: [],
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Partner portal queues' } },
  });
  // The queues (a Redis connection each) are opened by the first request that passed the access
  // check, not at boot: an API process that never serves the board holds no connection for it.
  let opened = false;
  const openQueues = async () => {
    if (opened) return;
    opened = true;
    board.setQueues(
      queueNames.map((name) => {
        const adapter = new BullMQAdapter(options.queues.get(name));
        adapter.setFormatter('name', jobNameWithTrace);
        return adapter;
      }),
    );
  };
  // Ours, not Bull Board's: refusals keep their status and message, and Redis away is a 503.
  // (Bull Board's status type lists only the codes it uses itself; Fastify sends any.)
  const answer = (status: number, body: Record<string, unknown>) => ({ status: status as 500, body });
  serverAdapter.setErrorHandler((error: Error & { statusCode?: number }) => {
    if (error instanceof HttpError) return answer(error.statusCode, { message: error.message });
    if (isDependencyUnavailable(error)) {
      return answer(503, { message: UNAVAILABLE_MESSAGE, retryAfterSeconds: RETRY_AFTER_SECONDS });
    }
    return answer(error.statusCode ?? 500, { message: 'An unexpected error occurred.' });
  });
  await app.register(async (board) => {
    declarePlaceAccess(board, QUEUE_BOARD_ACCESS);
    board.addHook('onRequest', openQueues);
    await board.register(serverAdapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
  });
}
