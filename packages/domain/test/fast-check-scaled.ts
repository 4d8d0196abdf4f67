// fast-check with fewer runs for each property, for mutation testing only (vitest.mutation.config.ts
// resolves `fast-check` here). Every mutant of the calendar code reruns the property tests that walk
// decades of dates; FC_RUNS_SCALE runs that share of each one's inputs (at least 20), so a full run
// takes minutes, not hours. The tests' own runs (npm test) are unchanged.
import type * as fc from '../../../node_modules/fast-check/lib/fast-check.js';
import real from '../../../node_modules/fast-check/lib/fast-check.js';

export * from '../../../node_modules/fast-check/lib/fast-check.js';

const scale = Number(process.env.FC_RUNS_SCALE ?? 1);

const scaled = <T>(parameters: fc.Parameters<T> | undefined): fc.Parameters<T> => ({
  ...parameters,
  numRuns: Math.max(20, Math.ceil((parameters?.numRuns ?? 100) * scale)),
});

// One signature per kind of property, as fast-check declares them.
const assert = ((property: fc.IRawProperty<unknown>, parameters?: fc.Parameters<unknown>) =>
  real.assert(property, scaled(parameters))) as typeof real.assert;

export default { ...real, assert };
