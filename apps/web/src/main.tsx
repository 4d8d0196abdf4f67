// @ts-expect-error: a module of the build (vite.config.ts, pageModules), read from routes.tsx's tables.
import { PAGE_MODULES } from 'virtual:portal/page-modules';
import { readEarly } from './api/api.js';
import { isPublicPage, startSignInCheck } from './auth/sign-in-check.js';
import { firstReadsOf } from './first-reads.js';

// The entry is kept small, so that it runs as soon as the phone has it: it sends the sign-in check
// and the site banner's read and starts the page's code while the app is still coming (index.html
// preloads it, see vite.config.ts), then starts the app (issue 24).
const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

const pathname = window.location.pathname;
startSignInCheck(pathname);
// Every signed-in page shows the site banner (components/SiteBanner.tsx reads it through `get`).
if (!isPublicPage(pathname)) readEarly(['/api/banner', ...firstReadsOf(pathname)]);
const pages: ReadonlyArray<readonly [RegExp, () => Promise<unknown>]> = PAGE_MODULES;
// routes.tsx's lazy page takes the module over when the app asks for it.
pages
  .find(([path]) => path.test(pathname))?.[1]()
  .catch(() => {});
void import('./App.js').then(({ startApp }) => startApp(root, pathname));
