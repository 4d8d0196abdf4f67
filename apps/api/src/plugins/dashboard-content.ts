import replyFrom from '@fastify/reply-from';
import { findDashboardsByUrl } from '@portal/db';
import { canViewDashboard, hasFeature, isForwardablePath, MESSAGES } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { contentUser, mayFetchContent } from '../lib/dashboards/content-access.js';
import {
  DEMO_CONNECT_CONTENT,
  DEMO_QUICKSIGHT_CHART,
  DEMO_TABLEAU_VIEWS,
  DEMO_THOUGHTSPOT_CHART,
  DEMO_UNAVAILABLE_CONTENT,
  demoDashboardPage,
  demoMessagePage,
} from '../lib/dashboards/demo-pages.js';
import { DEMO_TABLEAU_COOKIE, demoTableauSession, demoTableauUser } from '../lib/dashboards/demo-tableau.js';
import { createDashboardServices } from '../lib/dashboards/services.js';
import { verifyTableauJwt } from '../lib/dashboards/tableau-jwt.js';
import { DEMO_THOUGHTSPOT_PATH } from '../lib/dashboards/thoughtspot.js';
import { vendorUsername } from '../lib/dashboards/viewable.js';
import type { AuthenticatedUser } from '../lib/principal.js';
import { SESSION_COOKIE } from '../lib/session-cookie.js';

declare module 'fastify' {
  interface FastifyInstance {
    dashboardServices: ReturnType<typeof createDashboardServices>;
  }
}

// Dashboard content on the portal's own origin (same origin is what lets the viewer check the
// frame): /content/* to Posit Connect and /t/* (with Tableau's connected-app sign-in) to Tableau,
// each request let through only for a signed-in user who may open a dashboard under that path.
// Without a vendor host, the portal serves demo content of that kind itself.
const SIGNIN = '/vizportal/api/web/v1/auth/embed/signin';
const TARGET = '/vizportal/api/web/v1/auth/embed/target';
const VENDOR_HEADERS = /^(x-auth-|rstudio-connect-credentials$|authorization$|host$|x-forwarded-)/i;

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
const pathOf = (request: FastifyRequest) => (request.raw.url ?? '/').split('?')[0] ?? '/';

/** The request headers a vendor may see: none of the portal's session, none of its identity headers. */
function forwardedHeaders(headers: Record<string, string | string[] | undefined>) {
  const kept: Record<string, string | string[] | undefined> = {};
  for (const [name, value] of Object.entries(headers)) if (!VENDOR_HEADERS.test(name)) kept[name] = value;
  if (typeof kept.cookie === 'string') {
    const cookies = kept.cookie
      .split(';')
      .map((c) => c.trim())
      .filter((c) => c && !c.startsWith(`${SESSION_COOKIE}=`));
    if (cookies.length) kept.cookie = cookies.join('; ');
    else delete kept.cookie;
  }
  return kept;
}

export const dashboardContentPlugin = fp(async (app: FastifyInstance) => {
  const services = createDashboardServices(app.config);
  app.decorate('dashboardServices', services);
  const { positConnect, tableau } = app.config.dashboards;

  await app.register(async (scope) => {
    await scope.register(replyFrom, { undici: { headersTimeout: 30_000, bodyTimeout: 60_000 } });
    // Proxied requests carry whatever body the vendor's page sends.
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    /** The signed-in user allowed to fetch `path`, or a refusal page already sent. */
    const gate = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
      const user = await contentUser(app, request);
      if (!user)
        return void html(
          reply,
          401,
          demoMessagePage('Sign in required', 'Sign in to the portal to open this dashboard.'),
        );
      if (!isForwardablePath(path) || !(await mayFetchContent(app, user, path))) {
        return void html(reply, 403, demoMessagePage('Access denied', MESSAGES.restricted));
      }
      return user;
    };

    const forward = (
      request: FastifyRequest,
      reply: FastifyReply,
      host: string,
      extra: Record<string, string> = {},
    ) =>
      reply.from(`${host}${request.raw.url}`, {
        rewriteRequestHeaders: (_req, headers) => ({ ...forwardedHeaders(headers), ...extra }),
      });

    scope.all('/content/*', async (request, reply) => {
      const path = pathOf(request);
      const user = await gate(request, reply, path);
      if (!user) return reply;
      if (positConnect) {
        // Posit Connect with proxied authentication (VENDORS.md §4) trusts this header from us alone.
        return forward(request, reply, positConnect.host, {
          'x-auth-username': vendorUsername(user, positConnect.usernameFrom),
        });
      }
      const name = path.split('/')[2] ?? '';
      if (name === DEMO_UNAVAILABLE_CONTENT)
        return html(reply, 503, demoMessagePage('Service Unavailable', 'The demo content is down.'));
      const chart = DEMO_CONNECT_CONTENT[name];
      if (!chart) return html(reply, 404, demoMessagePage('Not Found', 'No demo content at this path.'));
      return html(reply, 200, demoDashboardPage(chart, `shown to ${user.userId}.`));
    });

    scope.all('/t/*', async (request, reply) => {
      const path = pathOf(request);
      const user = await gate(request, reply, path);
      if (!user) return reply;
      if (tableau.host) return forward(request, reply, tableau.host);
      const tableauUser = demoTableauUser(tableau, request.cookies[DEMO_TABLEAU_COOKIE]);
      if (!tableauUser)
        return html(
          reply,
          401,
          demoMessagePage(
            'Sign in required',
            'No Tableau session: the connected-app sign-in did not happen.',
          ),
        );
      const chart = DEMO_TABLEAU_VIEWS[path];
      if (!chart) return html(reply, 404, demoMessagePage('Not Found', 'No demo view at this path.'));
      return html(
        reply,
        200,
        demoDashboardPage(chart, `signed in to Tableau as ${tableauUser} with a connected-app JWT.`),
      );
    });

    // Tableau's connected-app sign-in, as the Embedding API calls it on the view's origin.
    scope.post(SIGNIN, async (request, reply) => {
      const user = await contentUser(app, request);
      if (!user)
        return reply
          .status(401)
          .send({ result: { errors: [{ code: 16, message: 'Sign in to the portal' }] } });
      if (tableau.host) return forward(request, reply, tableau.host);
      const jwt = (request.body as { jwt?: unknown } | undefined)?.jwt;
      const checked = typeof jwt === 'string' ? await verifyTableauJwt(jwt, [tableau]) : undefined;
      if (!checked?.ok)
        return reply
          .status(401)
          .send({ result: { errors: [{ code: 16, message: checked?.error ?? 'JWT_PARSE_ERROR' }] } });
      reply.setCookie(DEMO_TABLEAU_COOKIE, demoTableauSession(tableau, checked.username), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.cookieSecure,
      });
      return { result: { user: { name: checked.username } } };
    });

    scope.get(TARGET, async (request, reply) => {
      const { token, target } = request.query as { token?: string; target?: string };
      const targetPath = (target ?? '').split('?')[0] ?? '';
      if (!target?.startsWith('/t/'))
        return html(reply, 400, demoMessagePage('Bad Request', 'The target must be a view.'));
      const user = await gate(request, reply, targetPath);
      if (!user) return reply;
      if (tableau.host) return forward(request, reply, tableau.host);
      const checked = token ? await verifyTableauJwt(token, [tableau]) : undefined;
      if (!checked?.ok)
        return html(reply, 401, demoMessagePage('Sign in failed', checked?.error ?? 'No token'));
      reply.setCookie(DEMO_TABLEAU_COOKIE, demoTableauSession(tableau, checked.username), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
      });
      return reply.redirect(target);
    });
  });

  // QuickSight demo embed paths (a configured QuickSight is framed from its own host).
  app.get('/embed/demo/dashboards/:id', async (request, reply) => {
    const user = await contentUser(app, request);
    if (!user)
      return html(
        reply,
        401,
        demoMessagePage('Sign in required', 'Sign in to the portal to open this dashboard.'),
      );
    const dashboards = await findDashboardsByUrl(app.db, 'QUICKSIGHT', pathOf(request));
    if (!dashboards.some((d) => canViewDashboard(user, d))) {
      return html(reply, 403, demoMessagePage('Access denied', MESSAGES.restricted));
    }
    return html(
      reply,
      200,
      demoDashboardPage(
        { ...DEMO_QUICKSIGHT_CHART, title: dashboards[0]?.dashboardName ?? DEMO_QUICKSIGHT_CHART.title },
        'a registered-user embed.',
      ),
    );
  });

  const demoThoughtSpot = services.demoThoughtSpot;
  if (demoThoughtSpot) {
    // The demo ThoughtSpot: the session check the Visual Embed SDK makes before using a token, and
    // the embedded app's page.
    app.get(`${DEMO_THOUGHTSPOT_PATH}/callosum/v1/session/isactive`, async (request, reply) => {
      const bearer = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      return demoThoughtSpot.isActive(bearer) ? { active: true } : reply.status(401).send({ active: false });
    });
    const page = async (request: FastifyRequest, reply: FastifyReply) => {
      const user: AuthenticatedUser | null = await contentUser(app, request);
      if (!user || !hasFeature(user, 'VIEW_TS_DASHBOARDS')) {
        return html(reply, user ? 403 : 401, demoMessagePage('Access denied', MESSAGES.restricted));
      }
      return html(
        reply,
        200,
        demoDashboardPage(
          DEMO_THOUGHTSPOT_CHART,
          `a liveboard embedded with a trusted-authentication token for ${user.email}.`,
        ),
      );
    };
    app.get(`${DEMO_THOUGHTSPOT_PATH}/`, page);
    app.get(`${DEMO_THOUGHTSPOT_PATH}/v2/`, page);
  }
});
