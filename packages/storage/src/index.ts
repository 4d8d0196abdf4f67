export * from './blob-store.js';
export * from './buffer-pool.js';
export * from './content-types.js';
export * from './create-blob-store.js';
export * from './digest-stream.js';
export * from './local-disk-store.js';
export * from './s3-store.js';
