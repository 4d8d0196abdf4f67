import fc from 'fast-check';

// Property tests run from a fixed seed, so a failure (and a mutant's fate) is the same on every
// run and machine; FC_SEED=<n> explores other inputs. fast-check prints the seed of a failure.
const seed = Number(process.env.FC_SEED ?? 20_261_126);
fc.configureGlobal({ seed });
