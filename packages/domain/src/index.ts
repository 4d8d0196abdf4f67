export * from './features.js';
export * from './home.js';
export * from './limits.js';
export * from './login-error.js';
export * from './messages.js';
export * from './pages.js';
export * from './permissions.js';
export * from './report-monitor.js';
