export * from './handlers.js';
export * from './mail/send-mail.js';
export * from './registry.js';
export * from './relay/outbox-relay.js';
export * from './start-workers.js';
