import { ENV_DEFAULTS } from '@portal/process/env';
import type { JobsOptions } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import type { JobDefinition } from './job-definition.js';

export const DEFAULT_REDIS_URL = ENV_DEFAULTS.REDIS_URL;
/** A hash tag, so every key of every queue lands in one Redis Cluster slot. */
export const DEFAULT_QUEUE_PREFIX = ENV_DEFAULTS.QUEUE_PREFIX;

/**
 * Reconnect quickly at first, then every 500 ms: a Redis that returns is used within a second
 * (a 2 s ceiling was part of the pause after each outage). An attempt costs one TCP connect.
 */
function retryStrategy(times: number): number {
  return Math.min(50 * 2 ** times, 500);
}

export function redisOptionsFromUrl(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new Error(`REDIS_URL must start with redis:// or rediss://, got ${url.protocol}`);
  }
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0)
    throw new Error(`REDIS_URL has an invalid database number: ${url.pathname}`);
  return {
    host: url.hostname || '127.0.0.1',
    port: url.port ? Number(url.port) : 6379,
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    db,
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    retryStrategy,
    // A Redis that restarts loads its AOF first; a client that connected meanwhile waits the
    // loading ETA (a second or more) between checks unless told otherwise: every 200 ms instead.
    maxLoadingRetryTime: 200,
  };
}

/** Workers block on Redis and must ride out outages: BullMQ requires maxRetriesPerRequest null. */
export function workerConnection(redisUrl: string): RedisOptions {
  return { ...redisOptionsFromUrl(redisUrl), maxRetriesPerRequest: null };
}

/**
 * Producers fail fast: with Redis down a command errors at once instead of waiting in
 * ioredis's offline queue. (Before the first connect BullMQ still waits; callers bound that.)
 */
export function producerConnection(redisUrl: string): RedisOptions {
  return {
    ...redisOptionsFromUrl(redisUrl),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  };
}

/**
 * The API's view of the queues (queue board, metrics): a call waits for a reconnect at most one
 * retry, and callers bound it in time. Unlike producerConnection it keeps ioredis's offline
 * queue, so an app closed while still connecting (tests) leaves no unhandled rejection.
 */
export function inspectorConnection(redisUrl: string): RedisOptions {
  return { ...redisOptionsFromUrl(redisUrl), maxRetriesPerRequest: 1, connectTimeout: 2000 };
}

const DAY_SECONDS = 24 * 60 * 60;

/** Retries with exponential backoff; failed jobs stay in the failed set for replay-jobs. */
export function jobOptions(definition: Pick<JobDefinition, 'attempts' | 'backoff'>): JobsOptions {
  return {
    attempts: definition.attempts,
    backoff: definition.backoff,
    // Completed jobs stay a week so a deterministic jobId published again is still one job.
    removeOnComplete: { age: 7 * DAY_SECONDS, count: 100_000 },
    removeOnFail: false,
  };
}
