import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_DEFAULTS, readEnv, SharedEnv, SharedEnvSchema } from './env.js';

describe('readEnv', () => {
  it('fills the shared defaults, one set for every process', () => {
    expect(readEnv(SharedEnvSchema, {})).toEqual({
      PGLITE_DIR: 'data/pg',
      REDIS_URL: 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: '{portal}',
      PUBLIC_URL: 'http://localhost:8000',
      SESSION_IDLE_MINUTES: 30,
      LOG_LEVEL: 'info',
    });
    expect(ENV_DEFAULTS.SESSION_IDLE_MINUTES).toBe(30);
  });

  it('converts numbers, treats an empty value as unset and keeps what the process adds', () => {
    const schema = Type.Object({ ...SharedEnv, EXTRA: Type.String({ default: 'x' }) });
    const env = readEnv(schema, { SESSION_IDLE_MINUTES: '45', PUBLIC_URL: '', EXTRA: 'y' });
    expect(env.SESSION_IDLE_MINUTES).toBe(45);
    expect(env.PUBLIC_URL).toBe('http://localhost:8000');
    expect(env.EXTRA).toBe('y');
  });

  it('names every wrong variable in one error, in the words given for it', () => {
    const read = () =>
      readEnv(SharedEnvSchema, { SESSION_IDLE_MINUTES: '0', REDIS_URL: 'localhost:6379' }, (path) =>
        path === '/REDIS_URL' ? 'REDIS_URL: a redis:// URL' : undefined,
      );
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/REDIS_URL: a redis:\/\/ URL; SESSION_IDLE_MINUTES: Expected integer/);
  });
});
