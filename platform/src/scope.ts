/**
 * What one service may touch of the shared ports: the collections whose names start with the service's name
 * (and the inbox marks of its consumers, named the same way), the cache keys under `<service>:` and the blob
 * buckets named `<service>-…`. The
 * host hands each service its scoped store and cache (service.ts forService), so ownership of data is
 * enforced by the platform rather than kept by convention: a service declaring or writing another's
 * collection fails at once, in the first test that does it.
 */
import type { BlobStore } from "./blobs/port.ts";
import type { Cache } from "./cache/port.ts";
import type { Store, WriteOp } from "./store/port.ts";

export class ScopeError extends Error {
  constructor(scope: string, what: string) {
    super(`service '${scope}' may not use ${what}: it belongs to another service`);
    this.name = "ScopeError";
  }
}

/** A cache key in a service's scope. Other processes (the gateway's auth check) read keys of a scope with it. */
export const scopedKey = (scope: string, key: string): string => `${scope}:${key}`;

export function scopedStore(store: Store, scope: string): Store {
  const owns = (name: string) => name.startsWith(scope);
  const check = (op: WriteOp) => {
    if ("collection" in op && !owns(op.collection)) throw new ScopeError(scope, `collection '${op.collection}'`);
    if (op.op === "inbox" && !owns(op.consumer)) throw new ScopeError(scope, `the inbox of consumer '${op.consumer}'`);
  };
  return {
    collection(name, indexes) {
      if (!owns(name)) throw new ScopeError(scope, `collection '${name}'`);
      return store.collection(name, indexes);
    },
    commit(ops) {
      ops.forEach(check);
      // an event's publisher is recorded with it, so each process relays only its own services' events
      return store.commit(ops.map((op) => (op.op === "publish" && op.source === undefined ? { ...op, source: scope } : op)));
    },
    pendingEvents: (limit, sources) => store.pendingEvents(limit, sources),
    markRelayed: (seqs) => store.markRelayed(seqs),
    handled: (consumer, eventId) => store.handled(consumer, eventId),
    onCommit: (listener) => store.onCommit(listener),
    // the host owns the connection and closes it once, after every service stopped
    close: async () => {},
  };
}

export function scopedCache(cache: Cache, scope: string): Cache {
  return {
    get: (key) => cache.get(scopedKey(scope, key)),
    set: (key, value, ttlMs) => cache.set(scopedKey(scope, key), value, ttlMs),
    getText: (key) => cache.getText(scopedKey(scope, key)),
    setText: (key, text, ttlMs) => cache.setText(scopedKey(scope, key), text, ttlMs),
    del: (key) => cache.del(scopedKey(scope, key)),
    incr: (key, ttlMs, by) => cache.incr(scopedKey(scope, key), ttlMs, by),
    count: (key, windowMs, by) => cache.count(scopedKey(scope, key), windowMs, by),
    ttl: (key) => cache.ttl(scopedKey(scope, key)),
    close: async () => {},
  };
}

/** A service's blob buckets are named `<service>-<name>` (the import service's `uploads`: `import-uploads`). */
export function scopedBlobs(blobs: BlobStore, scope: string): BlobStore {
  return {
    bucket: (name) => blobs.bucket(`${scope}-${name}`),
    close: async () => {},
  };
}
