// The second half of the import rules (`npm run check:imports`): no two area folders import each
// other, directly or around a circle, in the code they run. The tests beside the rules are left out:
// a test of time/ may check the schedules of forms/ and monitors/ against its cron reader.
const main = require('./.dependency-cruiser.cjs');

/** Where the area folders are: the API's, the SPA's pages and the domain's rules. */
const AREA_FOLDERS = '(?:apps/api/src|apps/web/src/pages|packages/domain/src)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle-between-areas',
      comment:
        "No two area folders (the API's, the SPA's pages, the domain's rules) import each other, directly or around a circle: what two areas both need moves below them.",
      severity: 'error',
      scope: 'folder',
      from: { path: `^(${AREA_FOLDERS}[^/]+)` },
      to: { circular: true, path: `^${AREA_FOLDERS}[^/]+`, pathNot: '^$1(/|$)' },
    },
  ],
  options: {
    ...main.options,
    exclude: { path: `${main.options.exclude.path}|\\.(test|unit\\.test|typecheck)\\.tsx?$|/src/test/` },
  },
};
