import { randomUUID } from 'node:crypto';
import { listen, readJson, sendJson } from './http.js';

// An Amazon QuickSight stand-in for GenerateEmbedUrlForRegisteredUser, following
// https://docs.aws.amazon.com/quicksight/latest/APIReference/API_GenerateEmbedUrlForRegisteredUser.html
// (VENDORS.md §3): POST /accounts/{AwsAccountId}/embed-url/registered-user with UserArn and
// ExperienceConfiguration required, SessionLifetimeInMinutes 15–600, AllowedDomains at most 3;
// the reply carries EmbedUrl, RequestId and Status, and the request id in x-amzn-requestid.

export type EmbedRequest = {
  accountId: string;
  authorization: string | undefined;
  body: {
    UserArn?: string;
    SessionLifetimeInMinutes?: number;
    AllowedDomains?: string[];
    ExperienceConfiguration?: { Dashboard?: { InitialDashboardId?: string } };
  };
};

export async function startQuickSightStandIn(region: string) {
  const requests: EmbedRequest[] = [];
  const standIn = await listen(async (request, response) => {
    const match = /^\/accounts\/(\d{12})\/embed-url\/registered-user$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) return sendJson(response, 404, { Message: 'Not found' });
    const body = ((await readJson(request)) ?? {}) as EmbedRequest['body'];
    requests.push({ accountId: match[1] ?? '', authorization: request.headers.authorization, body });
    const requestId = randomUUID();
    const error = (type: string, message: string) =>
      sendJson(
        response,
        400,
        { Message: message, RequestId: requestId },
        { 'x-amzn-errortype': type, 'x-amzn-requestid': requestId },
      );
    if (!request.headers.authorization?.startsWith('AWS4-HMAC-SHA256 '))
      return error('AccessDeniedException', 'Not signed');
    if (!body.UserArn || !body.ExperienceConfiguration)
      return error('InvalidParameterValueException', 'UserArn and ExperienceConfiguration are required');
    const minutes = body.SessionLifetimeInMinutes;
    if (minutes !== undefined && (minutes < 15 || minutes > 600)) {
      return error(
        'SessionLifetimeInMinutesInvalidException',
        'SessionLifetimeInMinutes must be between 15 and 600',
      );
    }
    if ((body.AllowedDomains?.length ?? 0) > 3)
      return error('InvalidParameterValueException', 'At most 3 AllowedDomains');
    const dashboardId = body.ExperienceConfiguration.Dashboard?.InitialDashboardId ?? 'none';
    const embedUrl = `https://${region}.quicksight.aws.amazon.com/embed/${randomUUID().replace(/-/g, '')}/dashboards/${dashboardId}?isauthcode=true&identityprovider=quicksight&code=${randomUUID()}`;
    sendJson(
      response,
      200,
      { EmbedUrl: embedUrl, RequestId: requestId, Status: 200 },
      { 'x-amzn-requestid': requestId },
    );
  });
  return { ...standIn, requests };
}
