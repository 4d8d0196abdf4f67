import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../src/config.js';

const base = { DATABASE_URL: 'postgres://portal@db.internal:5432/portal' };

describe('worker configuration', () => {
  it('fills the embedded defaults', () => {
    expect(loadWorkerConfig(base)).toEqual({
      databaseUrl: base.DATABASE_URL,
      redisUrl: 'redis://127.0.0.1:6379',
      queuePrefix: '{portal}',
      // Every queue that has a job.
      queues: ['mail', 'activity', 'monitors', 'invitations', 'batches'],
      mail: { smtpUrl: undefined, from: 'Partner Portal <no-reply@portal.local>', mailDir: 'data/mail' },
      publicUrl: 'http://localhost:8000',
      sessionIdleMinutes: 30,
      operationsMailbox: 'operations@portal.local',
      logLevel: 'info',
    });
  });

  it('reads the queues this process consumes', () => {
    const config = loadWorkerConfig({
      ...base,
      WORKER_QUEUES: 'mail, invitations',
      SMTP_URL: 'smtp://mx:25',
    });
    expect(config.queues).toEqual(['mail', 'invitations']);
    expect(config.mail.smtpUrl).toBe('smtp://mx:25');
  });

  it('stops with a message naming the variable', () => {
    expect(() => loadWorkerConfig({})).toThrow(/DATABASE_URL: required/);
    expect(() => loadWorkerConfig({ ...base, WORKER_QUEUES: 'mail,reports' })).toThrow(
      /WORKER_QUEUES: unknown queue reports/,
    );
    expect(() => loadWorkerConfig({ ...base, WORKER_QUEUES: ' , ' })).toThrow(
      /WORKER_QUEUES: unknown queue \(none given\)/,
    );
    expect(() => loadWorkerConfig({ ...base, SMTP_URL: 'mx.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadWorkerConfig({ ...base, REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL/);
  });
});
