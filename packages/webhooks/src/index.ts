export * from './address-policy.js';
export * from './deliver.js';
export * from './endpoint-url.js';
export * from './message.js';
export * from './resolve.js';
export * from './secret-box.js';
export * from './settings.js';
export * from './signature.js';
