import replyFrom from '@fastify/reply-from';
import { findDashboardsByUrl } from '@portal/db';
import { canViewDashboard, isForwardablePath, MESSAGES } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http/errors.js';
import { SESSION_COOKIE } from '../lib/http/session-cookie.js';
import { verifyTableauJwt } from '../lib/vendors/tableau-jwt.js';
import { DEMO_THOUGHTSPOT_PATH } from '../lib/vendors/thoughtspot.js';
import { requireUser } from '../plugins/access.js';
import { mayFetchContent } from './content-access.js';
import {
  DEMO_CONNECT_CONTENT,
  DEMO_QUICKSIGHT_CHART,
  DEMO_TABLEAU_VIEWS,
  DEMO_THOUGHTSPOT_CHART,
  DEMO_UNAVAILABLE_CONTENT,
  demoDashboardPage,
  demoMessagePage,
} from './demo-pages.js';
import { DEMO_TABLEAU_COOKIE, demoTableauSession, demoTableauUser } from './demo-tableau.js';
import { createDashboardServices } from './services.js';
import { vendorUsername } from './viewable.js';

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

/**
 * The path a content route serves, from what the router matched (its prefix and the decoded rest),
 * never from the URL as spelled: the gate checks it and the vendor gets it, so both read one path.
 */
function contentPath(prefix: string, request: FastifyRequest): string {
  const rest = (request.params as { '*'?: string })['*'] ?? '';
  return `${prefix}${rest}`;
}

/** `path` as a vendor receives it: each segment percent-encoded, with the query as it came. */
function forwardedUrl(path: string, request: FastifyRequest): string {
  const queryAt = request.url.indexOf('?');
  const query = queryAt < 0 ? '' : request.url.slice(queryAt);
  const encoded = path
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(/%(3A|40|21|24|26|27|28|29|2A|2B|2C|3B|3D)/gi, unescape),
    )
    .join('/');
  return `${encoded}${query}`;
}

const SIGN_IN_PAGE = () =>
  demoMessagePage('Sign in required', 'Sign in to the portal to open this dashboard.');

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
  const services = createDashboardServices(app.config, app.now);
  app.decorate('dashboardServices', services);
  const { positConnect, tableau } = app.config.dashboards;

  await app.register(async (scope) => {
    await scope.register(replyFrom, { undici: { headersTimeout: 30_000, bodyTimeout: 60_000 } });
    // Proxied requests carry whatever body the vendor's page sends.
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    // Content is framed: the access check's refusals (401, 403) are pages, not JSON.
    scope.setErrorHandler((error, _request, reply) => {
      if (error instanceof HttpError && error.statusCode === 401) return html(reply, 401, SIGN_IN_PAGE());
      if (error instanceof HttpError && error.statusCode === 403) {
        return html(reply, 403, demoMessagePage('Access denied', error.message));
      }
      throw error;
    });

    /** The signed-in user allowed to fetch `path`, or a refusal page already sent. */
    const gate = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
      const user = requireUser(request);
      if (!isForwardablePath(path) || !(await mayFetchContent(app, user, path))) {
        return void html(reply, 403, demoMessagePage('Access denied', MESSAGES.restricted));
      }
      return user;
    };

    const forward = (
      request: FastifyRequest,
      reply: FastifyReply,
      host: string,
      path: string,
      extra: Record<string, string> = {},
    ) =>
      reply.from(`${host}${forwardedUrl(path, request)}`, {
        rewriteRequestHeaders: (_req, headers) => ({ ...forwardedHeaders(headers), ...extra }),
      });

    const signedIn = { config: { access: 'authenticated' as const } };
    // The methods a vendor's pages use; none of TRACE, CONNECT or the like reaches a vendor.
    const PROXIED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

    scope.route({
      method: PROXIED_METHODS,
      url: '/content/*',
      ...signedIn,
      handler: async (request, reply) => {
        const path = contentPath('/content/', request);
        const user = await gate(request, reply, path);
        if (!user) return reply;
        if (positConnect) {
          // Posit Connect with proxied authentication (VENDORS.md §4) trusts this header from us alone.
          return forward(request, reply, positConnect.host, path, {
            'x-auth-username': vendorUsername(user, positConnect.usernameFrom),
          });
        }
        const name = path.split('/')[2] ?? '';
        if (name === DEMO_UNAVAILABLE_CONTENT)
          return html(reply, 503, demoMessagePage('Service Unavailable', 'The demo content is down.'));
        const chart = DEMO_CONNECT_CONTENT[name];
        if (!chart) return html(reply, 404, demoMessagePage('Not Found', 'No demo content at this path.'));
        return html(reply, 200, demoDashboardPage(chart, `shown to ${user.userId}.`));
      },
    });

    scope.route({
      method: PROXIED_METHODS,
      url: '/t/*',
      ...signedIn,
      handler: async (request, reply) => {
        const path = contentPath('/t/', request);
        const user = await gate(request, reply, path);
        if (!user) return reply;
        if (tableau.host) return forward(request, reply, tableau.host, path);
        const tableauUser = demoTableauUser(tableau, request.cookies[DEMO_TABLEAU_COOKIE], app.now());
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
      },
    });

    // Tableau's connected-app sign-in, as the Embedding API calls it on the view's origin.
    scope.post(SIGNIN, signedIn, async (request, reply) => {
      if (tableau.host) return forward(request, reply, tableau.host, SIGNIN);
      const jwt = (request.body as { jwt?: unknown } | undefined)?.jwt;
      const checked = typeof jwt === 'string' ? await verifyTableauJwt(jwt, [tableau], app.now()) : undefined;
      if (!checked?.ok)
        return reply
          .status(401)
          .send({ result: { errors: [{ code: 16, message: checked?.error ?? 'JWT_PARSE_ERROR' }] } });
      reply.setCookie(DEMO_TABLEAU_COOKIE, demoTableauSession(tableau, checked.username, app.now()), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.cookieSecure,
      });
      return { result: { user: { name: checked.username } } };
    });

    scope.get(TARGET, signedIn, async (request, reply) => {
      const { token, target } = request.query as { token?: string; target?: string };
      const targetPath = (target ?? '').split('?')[0] ?? '';
      if (!target?.startsWith('/t/'))
        return html(reply, 400, demoMessagePage('Bad Request', 'The target must be a view.'));
      const user = await gate(request, reply, targetPath);
      if (!user) return reply;
      if (tableau.host) return forward(request, reply, tableau.host, TARGET);
      const checked = token ? await verifyTableauJwt(token, [tableau], app.now()) : undefined;
      if (!checked?.ok)
        return html(reply, 401, demoMessagePage('Sign in failed', checked?.error ?? 'No token'));
      reply.setCookie(DEMO_TABLEAU_COOKIE, demoTableauSession(tableau, checked.username, app.now()), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
      });
      return reply.redirect(target);
    });

    // QuickSight demo embed paths (a configured QuickSight is framed from its own host).
    scope.get<{ Params: { id: string } }>(
      '/embed/demo/dashboards/:id',
      { ...signedIn, schema: { params: { type: 'object', properties: { id: { type: 'string' } } } } },
      async (request, reply) => {
        const user = requireUser(request);
        const path = `/embed/demo/dashboards/${request.params.id}`;
        const dashboards = await findDashboardsByUrl(app.db, 'QUICKSIGHT', path);
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
      },
    );

    const demoThoughtSpot = services.demoThoughtSpot;
    if (demoThoughtSpot) {
      // The demo ThoughtSpot: the session check the Visual Embed SDK makes before using a token
      // (public to the router: the caller proves itself with ThoughtSpot's token), and the
      // embedded app's page.
      // The SDK's own calls carry ThoughtSpot's token, not the portal's session: public to the
      // router, each checks the token itself.
      const bearerOf = (request: FastifyRequest) =>
        request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      const vendorCall = { config: { access: 'public' as const } };
      scope.get(
        `${DEMO_THOUGHTSPOT_PATH}/callosum/v1/session/isactive`,
        vendorCall,
        async (request, reply) =>
          demoThoughtSpot.isActive(bearerOf(request))
            ? { active: true }
            : reply.status(401).send({ active: false }),
      );
      // What the SDK reads after signing in (its "post login services"): the session's user and
      // the cluster's settings, and the sign-in options it may show.
      scope.get(`${DEMO_THOUGHTSPOT_PATH}/callosum/v1/session/info`, vendorCall, async (request, reply) => {
        const info = demoThoughtSpot.sessionInfo(bearerOf(request));
        return info ?? reply.status(401).send({ message: 'No ThoughtSpot session' });
      });
      scope.get(`${DEMO_THOUGHTSPOT_PATH}/prism/preauth/info`, vendorCall, async () => ({
        info: { configInfo: { isPublicUser: false }, authMethods: ['TRUSTED_AUTH'] },
      }));
      const page = async (request: FastifyRequest, reply: FastifyReply) => {
        const user = requireUser(request);
        return html(
          reply,
          200,
          demoDashboardPage(
            DEMO_THOUGHTSPOT_CHART,
            `a liveboard embedded with a trusted-authentication token for ${user.email}.`,
          ),
        );
      };
      const viewer = { config: { access: { feature: 'VIEW_TS_DASHBOARDS' as const } } };
      scope.get(`${DEMO_THOUGHTSPOT_PATH}/`, viewer, page);
      scope.get(`${DEMO_THOUGHTSPOT_PATH}/v2/`, viewer, page);
    }
  });
});
