import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { Clock } from '../lib/service-deps.js';
import { type QuickSightService, quickSightAwsService } from '../lib/vendors/quicksight.js';
import {
  demoThoughtSpotService,
  type ThoughtSpotService,
  thoughtSpotRestService,
} from '../lib/vendors/thoughtspot.js';

/** The vendor clients of one API process: the configured vendors, or the embedded demo ones. */
export type DashboardServices = {
  thoughtSpot: ThoughtSpotService;
  /** Present in the embedded default only: the demo ThoughtSpot's session check. */
  demoThoughtSpot: ReturnType<typeof demoThoughtSpotService> | undefined;
  /** Undefined: QuickSight is not configured and only the demo embed paths open. */
  quickSight: QuickSightService | undefined;
};

export function createDashboardServices(config: Config, now: Clock): DashboardServices {
  const { thoughtSpot, quickSight } = config.dashboards;
  const demo = thoughtSpot
    ? undefined
    : demoThoughtSpotService(config.PUBLIC_URL, randomBytes(32), config.THOUGHTSPOT_TOKEN_SECONDS, now);
  return {
    thoughtSpot: thoughtSpot ? thoughtSpotRestService(thoughtSpot) : (demo as ThoughtSpotService),
    demoThoughtSpot: demo,
    quickSight: quickSight ? quickSightAwsService(quickSight) : undefined,
  };
}
