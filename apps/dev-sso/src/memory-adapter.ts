import type { Adapter, AdapterPayload } from 'oidc-provider';

// The provider's artefacts (sessions, codes, tokens) kept in this process's memory: the dev
// sign-in server is for demos and tests, and forgetting everything on restart is what we want.
// One store per provider instance, so tests can run several side by side.
type Entry<T> = { value: T; expiresAt: number };

export function createMemoryAdapter() {
  const artefacts = new Map<string, Entry<AdapterPayload>>();
  const indexes = new Map<string, Entry<string>>();

  function read<T>(map: Map<string, Entry<T>>, key: string): T | undefined {
    const entry = map.get(key);
    if (entry && entry.expiresAt <= Date.now()) map.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.value : undefined;
  }

  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string) {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
      artefacts.set(this.key(id), { value: payload, expiresAt });
      if (payload.uid) indexes.set(this.key(`uid:${payload.uid}`), { value: id, expiresAt });
      if (payload.userCode) indexes.set(this.key(`userCode:${payload.userCode}`), { value: id, expiresAt });
    }

    async find(id: string) {
      return read(artefacts, this.key(id));
    }

    async findByUid(uid: string) {
      const id = read(indexes, this.key(`uid:${uid}`));
      return id ? this.find(id) : undefined;
    }

    async findByUserCode(userCode: string) {
      const id = read(indexes, this.key(`userCode:${userCode}`));
      return id ? this.find(id) : undefined;
    }

    async consume(id: string) {
      const payload = read(artefacts, this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string) {
      artefacts.delete(this.key(id));
    }

    /**
     * Called once per token model (access tokens, codes…) when a grant ends: only this model's
     * artefacts go. The store is shared by every model, and an interaction carries the grant of the
     * session it began in: signing in as another account ends that session's grant mid-interaction.
     */
    async revokeByGrantId(grantId: string) {
      const prefix = this.key('');
      for (const [key, entry] of artefacts) {
        if (key.startsWith(prefix) && entry.value.grantId === grantId) artefacts.delete(key);
      }
    }
  };
}
