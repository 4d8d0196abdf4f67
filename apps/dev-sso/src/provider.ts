import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { type DevSsoAccount, invitedAccount } from './accounts.js';
import { createMemoryAdapter } from './memory-adapter.js';
import { errorPage, logoutPage, signedOutPage } from './views.js';

export type DevSsoClient = {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
};

const SCOPE = 'openid email profile';

/** Every configured client is the portal itself, so consent is granted without asking. */
async function grantWithoutConsent(ctx: KoaContextWithOIDC) {
  const { client, session, provider } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const existing = session.grantIdFor(client.clientId);
  if (existing) {
    const grant = await provider.Grant.find(existing);
    if (grant) return grant;
  }
  const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(SCOPE);
  await grant.save();
  return grant;
}

export function createProvider(issuer: string, clients: DevSsoClient[], accounts: readonly DevSsoAccount[]) {
  // Keys live as long as the process: a restart signs everyone out of the demo server. A new key
  // id each time makes the portal fetch the new key instead of failing on a cached one.
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const kid = randomBytes(8).toString('hex');
  const configuration: Configuration = {
    adapter: createMemoryAdapter(),
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      post_logout_redirect_uris: c.postLogoutRedirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256', kid }] as never },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // The portal reads the user's email from the ID token, as most enterprise providers send it.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = accounts.find((a) => a.claims.sub === sub) ?? invitedAccount(sub);
      return account ? { accountId: sub, claims: () => account.claims } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    loadExistingGrant: grantWithoutConsent,
    pkce: { required: () => true },
    clientBasedCORS: () => false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(out);
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
  };
  return new Provider(issuer, configuration);
}
