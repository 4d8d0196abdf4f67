// @ts-expect-error: a module of the build (vite.config.ts, pageModules), read from routes.tsx's tables.
import { PAGE_MODULES } from 'virtual:portal/page-modules';
import { isPublicPage, startSignInCheck } from './auth/sign-in-check.js';
import { startFirstReads } from './first-reads.js';

// The entry is kept small, so that it runs as soon as the phone has it: it sends the sign-in check,
// then the site banner's and the page's first reads as soon as the check allows them, and starts the
// page's code while the app is still coming (index.html preloads it, see vite.config.ts), then starts
// the app (issue 24).
const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

const pathname = window.location.pathname;
const user = startSignInCheck(pathname);
if (!isPublicPage(pathname)) startFirstReads(pathname, window.location.search, user);
const pages: ReadonlyArray<readonly [RegExp, () => Promise<unknown>]> = PAGE_MODULES;
// routes.tsx's lazy page takes the module over when the app asks for it.
pages
  .find(([path]) => path.test(pathname))?.[1]()
  .catch(() => {});
void import('./App.js').then(({ startApp }) => startApp(root, pathname, user));
