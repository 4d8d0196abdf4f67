import { GenerateEmbedUrlForRegisteredUserCommand, QuickSightClient } from '@aws-sdk/client-quicksight';
import { HttpError } from '../http/errors.js';
import type { QuickSightSettings } from './vendor-config.js';

// Amazon QuickSight for registered users (VENDORS.md §3): a fresh, single-use embed URL per call
// of GenerateEmbedUrlForRegisteredUser, never cached (it lives 5 minutes and is redeemed once).
export type QuickSightService = {
  embedUrl(input: {
    userName: string;
    quicksightDashboardId: string;
    allowedDomain: string;
  }): Promise<string>;
};

export function quickSightAwsService(settings: QuickSightSettings): QuickSightService {
  const client = new QuickSightClient({
    region: settings.region,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    ...(settings.credentials && { credentials: settings.credentials }),
    maxAttempts: 2,
  });
  return {
    async embedUrl({ userName, quicksightDashboardId, allowedDomain }) {
      const userArn = `arn:aws:quicksight:${settings.region}:${settings.accountId}:user/${settings.namespace}/${userName}`;
      try {
        const result = await client.send(
          new GenerateEmbedUrlForRegisteredUserCommand({
            AwsAccountId: settings.accountId,
            UserArn: userArn,
            SessionLifetimeInMinutes: settings.sessionMinutes,
            AllowedDomains: [allowedDomain],
            ExperienceConfiguration: { Dashboard: { InitialDashboardId: quicksightDashboardId } },
          }),
        );
        if (!result.EmbedUrl) throw new Error('QuickSight answered without an EmbedUrl');
        return result.EmbedUrl;
      } catch (error) {
        throw new HttpError(
          503,
          'Sorry - we are currently unable to process your request. Please try again in a few minutes',
          { cause: error instanceof Error ? error.name : 'unknown' },
        );
      }
    },
  };
}
