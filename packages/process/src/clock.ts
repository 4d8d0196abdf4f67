/** The time now. Code takes it as a dependency, so that tests move it instead of waiting for it. */
export type Clock = () => Date;

/**
 * The system's clock: the one place the portal's processes read the wall clock. The API and the
 * workers take it as their default, and hand the same clock to everything that asks the time.
 */
export function systemClock(): Date {
  return new Date();
}
