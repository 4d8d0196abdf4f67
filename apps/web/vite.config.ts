import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
// By path, not as @portal/domain/pages: Vite bundles this file's relative imports, but leaves a
// package to Node, which does not run the package's TypeScript.
import { PAGES, PUBLIC_PAGE_PATHS } from '../../packages/domain/src/navigation/pages.js';
import { precompress } from './vite-precompress.js';

const api = 'http://localhost:8000';
const APP_MODULE = fileURLToPath(new URL('src/App.tsx', import.meta.url));
const ROUTES_MODULE = fileURLToPath(new URL('src/routes.tsx', import.meta.url));

// A Mantine component's class names live in `components/<Name>/<Name>.module.mjs` (InlineInput's in
// `utils/`), and its rules in `styles/<Name>.css`, one file for each such module.
const MANTINE_CLASSES = /\/@mantine\/core\/esm\/(?:components|utils)\/(?:[^/]+\/)*([A-Za-z]+)\.module\.mjs$/;

/**
 * Gives each Mantine component module its stylesheet, so that the rules of a component travel with
 * its code: in the chunk of the page that uses it, loaded with that page. Mantine's whole stylesheet
 * (about 30 KB compressed, 250 KB of rules) was render-blocking on every first page (issue 24). The
 * order of the rules follows the modules' imports, so a component's rules come after those of the
 * components it is built from, as Mantine asks of per-component imports. App.tsx imports the base.
 */
function mantineStylesByComponent(): Plugin {
  return {
    name: 'portal-mantine-styles-by-component',
    transform: {
      filter: { id: MANTINE_CLASSES },
      handler(code, id) {
        const name = MANTINE_CLASSES.exec(id)?.[1];
        if (name === undefined) return null;
        return { code: `${code}\nimport '@mantine/core/styles/${name}.css';\n`, map: null };
      },
    },
  };
}

const SCROLL_AREA = /\/@mantine\/core\/esm\/components\/ScrollArea\/ScrollArea\.mjs$/;
const MERGE_REFS = '\0portal-scroll-area-merge-refs';

/**
 * Mantine's ScrollArea takes one hook, useMergeRefs, from @floating-ui/react: with it came all of
 * floating-ui (16 KB compressed), into the first page of every visitor, through the modal of the
 * external link guard. Mantine's own useMergedRef does the same (and keeps React 19's ref
 * cleanups); floating-ui now comes only with the pages that show a popover. Should ScrollArea take
 * anything else from floating-ui, the build fails on the missing export.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  return {
    name: 'portal-scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer !== undefined && SCROLL_AREA.test(importer)) {
        return MERGE_REFS;
      }
      return null;
    },
    load(id) {
      if (id !== MERGE_REFS) return null;
      return [
        "import { useMergedRef } from '@mantine/hooks';",
        'export const useMergeRefs = (refs) => useMergedRef(...refs);',
      ].join('\n');
    },
  };
}

const DOMAIN = /\/packages\/domain\/src\//;

/**
 * @portal/domain is pure functions and tables (CONTRIBUTING.md), imported through its index: said
 * so to the bundler, a page gets the modules whose exports it uses, not every module of the index
 * that has a top-level statement the bundler cannot prove pure.
 */
function domainWithoutSideEffects(): Plugin {
  return {
    name: 'portal-domain-without-side-effects',
    transform: {
      filter: { id: DOMAIN },
      handler: () => ({ moduleSideEffects: false }),
    },
  };
}

/**
 * The parts of the list pages (the reports page, the admin lists, the forms' records): the list and
 * its cards, tabs, filters and confirm dialog, and the Mantine components they are made of; and the
 * text field with the input parts every form shares (the sign-in page's included). Left to the
 * bundler they were some twenty files of under a kilobyte each, so that on a phone the reports page
 * spent more on their headers than on their code (issue 24).
 */
const LIST_PARTS =
  /\/@mantine\/core\/esm\/(?:components\/(?:Checkbox|CheckIcon|Table|Tabs|NativeSelect|Combobox\/ComboboxChevron)\/|core\/utils\/(?:create-scoped-keydown-handler|get-auto-contrast-value)\/)|\/@mantine\/hooks\/esm\/utils\/clamp\/|\/src\/components\/(?:ResponsiveTable|EmptyState|ScrollRegion|focus-return|ConfirmDialog)\.tsx?$/;
// What the home page shares with the lists (its cards and their grid, the phone check): else the lists
// would take it along into theirs, and the home page would load the lists.
const GRID_PARTS = /\/@mantine\/core\/esm\/components\/(?:SimpleGrid|Card)\/|\/src\/layout\/useIsMobile\.ts$/;
const FIELD_PARTS =
  /\/@mantine\/core\/esm\/(?:components\/(?:Button|Input|InputBase|Paper|TextInput)\/|utils\/InlineInput\/)/;
/**
 * Mantine's modal and what it is made of (overlay, portal, transition, focus trap, scroll lock), in
 * one chunk of its own: no first page opens a dialog, and the ones they may open come with their
 * first opening (components/LazyModal.tsx); left to the bundler it joined the list parts or the app.
 */
const DIALOG_PARTS =
  /\/@mantine\/core\/esm\/components\/(?:Modal|ModalBase|Overlay|Portal|Transition|FocusTrap|ScrollArea)\/|\/node_modules\/(?:react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|get-nonce)\//;

/**
 * The first page's code in two chunks: `entry`, index.html's script (main.tsx) and the little it
 * imports, which runs at once; and `app`, everything else the first page needs (App.tsx, the route
 * table, React, the frames and Mantine's base). Left to itself the bundler cut the second into
 * some forty files, shared with the pages in every way they could be: on a phone each costs its
 * headers and a turn on the browser's six connections. App.tsx is a second input so that the
 * bundler's `$initial` tag (imported by an input, following only what is used) marks what the
 * first page needs; the pages stay in chunks of their own.
 */
function firstLoadChunks() {
  const entryModules = new Set<string>();
  const plugin: Plugin = {
    name: 'portal-first-load-chunks',
    apply: 'build',
    buildEnd() {
      entryModules.clear();
      const stack = [...this.getModuleIds()].filter(
        (id) => this.getModuleInfo(id)?.isEntry && id !== APP_MODULE,
      );
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (entryModules.has(id)) continue;
        entryModules.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  const groups: Rollup.CodeSplittingGroup[] = [
    { name: 'entry', priority: 4, test: (id) => entryModules.has(id) },
    { name: 'app', priority: 3, tags: ['$initial'], test: (id) => !entryModules.has(id) },
    // After `app`: a part of the first page stays there. The fields before the lists, which
    // would otherwise take them along as their dependencies.
    { name: 'fields', priority: 2, test: FIELD_PARTS },
    { name: 'dialogs', priority: 0, test: DIALOG_PARTS },
    { name: 'grid', priority: 2, test: GRID_PARTS },
    { name: 'lists', priority: 1, test: LIST_PARTS },
  ];
  return { plugin, groups };
}

const firstLoad = firstLoadChunks();

const PAGE_MODULES_ID = 'virtual:portal/page-modules';

/** A route's path as a regular expression over the address (parameters are single segments). */
function pathPattern(path: string): string {
  const body = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('\\/');
  return `/^${body}\\/?$/`;
}

/**
 * `virtual:portal/page-modules`: each page's address pattern and its module's import, read at build
 * time from the tables of routes.tsx (PAGE_MODULES keyed by PAGES, PUBLIC_PAGES by path), for
 * main.tsx to start the first page's code beside the app rather than once the app has run (issue
 * 24: the reports page waited for its thirty files until then). The build fails if the tables no
 * longer read as `name: () => import('./pages/...')` lines covering every page.
 */
function pageModules(): Plugin {
  const resolved = `\0${PAGE_MODULES_ID}`;
  return {
    name: 'portal-page-modules',
    resolveId: (id) => (id === PAGE_MODULES_ID ? resolved : null),
    load(id) {
      if (id !== resolved) return null;
      this.addWatchFile(ROUTES_MODULE);
      const source = readFileSync(ROUTES_MODULE, 'utf8');
      const line = /^\s+('?)([\w/:-]+)\1: \(\) => import\('(\.\/pages\/[^']+)\.js'\),$/gm;
      const pages: Array<[string, string]> = [];
      const named = new Set<string>();
      for (const [, quote, key = '', module = ''] of source.matchAll(line)) {
        const page = quote ? key : PAGES[key as keyof typeof PAGES]?.path;
        if (page === undefined) throw new Error(`routes.tsx names ${key}, which is not in PAGES`);
        named.add(key);
        const file = fileURLToPath(new URL(`src/${module.slice(2)}.tsx`, import.meta.url));
        if (!existsSync(file)) throw new Error(`routes.tsx imports ${module}.js, not found as ${file}`);
        pages.push([page, file]);
      }
      const missing = [...Object.keys(PAGES), ...PUBLIC_PAGE_PATHS].filter((key) => !named.has(key));
      if (missing.length > 0) {
        throw new Error(`The page tables of routes.tsx no longer read as expected: ${missing.join(', ')}`);
      }
      // Fixed segments before parameters, as the router ranks them (/forms/customer-invoice before /forms/:x).
      const parameters = (path: string) => path.split('/').filter((s) => s.startsWith(':')).length;
      pages.sort(([a], [b]) => parameters(a) - parameters(b));
      const rows = pages.map(
        ([path, file]) => `  [${pathPattern(path)}, () => import(${JSON.stringify(file)})],`,
      );
      return `export const PAGE_MODULES = [\n${rows.join('\n')}\n];\n`;
    },
  };
}

/**
 * main.tsx sends the sign-in check and then imports the app (App.tsx), so that the check leaves as
 * soon as the small entry has come. This names the app's scripts and stylesheets in index.html as
 * well, so that they download from the start, beside the entry, rather than once it has run.
 */
function preloadApp(): Plugin {
  return {
    name: 'portal-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return;
        const chunks = new Map<string, Rollup.OutputChunk>();
        for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
        const app = chunk.dynamicImports
          .map((name) => chunks.get(name))
          .find((c) => c?.facadeModuleId === APP_MODULE);
        if (!app) throw new Error('main.tsx no longer imports App.tsx: see preloadApp in vite.config.ts');
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (c: Rollup.OutputChunk) => {
          if (scripts.has(c.fileName) || c.fileName === chunk.fileName) return;
          scripts.add(c.fileName);
          for (const css of c.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const name of c.imports) {
            const imported = chunks.get(name);
            if (imported) visit(imported);
          }
        };
        visit(app);
        const link = (attrs: Record<string, string | boolean>): HtmlTagDescriptor => ({
          tag: 'link',
          attrs,
          injectTo: 'head',
        });
        return [
          // Vite's loader adds these stylesheets (crossorigin) when main.tsx imports the app.
          ...[...styles].map((href) =>
            link({ rel: 'preload', as: 'style', crossorigin: true, href: `/${href}` }),
          ),
          ...[...scripts].map((href) => link({ rel: 'modulepreload', crossorigin: true, href: `/${href}` })),
        ];
      },
    },
  };
}

// In development the SPA runs on port 3000 and every server path goes to the API on 8000
// (SPEC.md §7: "development port 3000 maps to 8000"), so cookies stay same-origin.
export default defineConfig({
  plugins: [
    react(),
    mantineStylesByComponent(),
    scrollAreaWithoutFloatingUi(),
    domainWithoutSideEffects(),
    pageModules(),
    firstLoad.plugin,
    preloadApp(),
    precompress(),
  ],
  server: {
    port: 3000,
    strictPort: true,
    // A regular expression, not prefixes: a plain '/t' would also catch the SPA's /tenants.
    proxy: {
      '^/(api|content|t|embed)(/|$)': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('index.html', import.meta.url)), app: APP_MODULE },
      output: {
        codeSplitting: { groups: firstLoad.groups },
      },
    },
  },
});
