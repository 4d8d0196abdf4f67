/**
 * Full-page navigation, in one object so that tests can observe it (jsdom's window.location
 * cannot be replaced or spied on).
 */
export const browser = {
  /** Leaves the SPA for another address (server routes, single sign-on, a returned uri). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** The current path and query. */
  here(): string {
    return window.location.pathname + window.location.search;
  },
};
