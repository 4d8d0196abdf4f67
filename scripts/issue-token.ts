import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import {
  connect,
  createServiceAccount,
  findServiceAccount,
  issueServiceAccountToken,
  migrateToLatest,
  SERVICE_ACCOUNT_FEATURES,
  unknownPartnerGrants,
  userExists,
  writeAudit,
} from '@portal/db';
import type { PartnerGrant } from '@portal/domain';
import { readEnv, SharedEnvSchema } from '@portal/process/env';

// Issues an API token for a service account, creating the account if it does not exist yet:
// the first token can be had before any admin has signed in.
//   npx tsx scripts/issue-token.ts --user svc-reports --features VIEW_REPORTS --partners EXT/BJS,EXT/SAM --days 90
// The token alone goes to stdout (TOKEN=$(npx tsx scripts/issue-token.ts …)); notes go to stderr.
// Reads DATABASE_URL (or the embedded database in PGLITE_DIR, default data/pg: stop the portal
// first, the embedded database takes one process at a time).
const usage =
  'usage: npx tsx scripts/issue-token.ts --user <id> [--name <name>] [--features A,B] [--partners EXT/BJS,EXT/SAM] [--days 90] [--token-name <label>]';

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function parsePartners(value: string | undefined): PartnerGrant[] {
  return list(value).map((pair) => {
    const [accessTypeCode, partnerCode, extra] = pair.split('/');
    if (!accessTypeCode || !partnerCode || extra !== undefined)
      throw new Error(`--partners: "${pair}" is not TYPE/CODE`);
    return { accessTypeCode: accessTypeCode.toUpperCase(), partnerCode };
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      user: { type: 'string' },
      name: { type: 'string' },
      features: { type: 'string' },
      partners: { type: 'string' },
      days: { type: 'string', default: '90' },
      'token-name': { type: 'string', default: 'issued by scripts/issue-token.ts' },
    },
  });
  const userId = values.user?.trim();
  const days = Number(values.days);
  if (!userId || !Number.isInteger(days) || days < 1 || days > 365) {
    console.error(`${usage}\n(--days is a whole number from 1 to 365)`);
    return 2;
  }
  const features = list(values.features);
  const refused = features.filter((f) => !(SERVICE_ACCOUNT_FEATURES as readonly string[]).includes(f));
  if (refused.length > 0) {
    console.error(
      `--features: ${refused.join(', ')} not allowed; use ${SERVICE_ACCOUNT_FEATURES.join(', ')}`,
    );
    return 2;
  }
  const partners = parsePartners(values.partners);
  const actorUserId = `cli:${userInfo().username}`;

  const env = readEnv(SharedEnvSchema, process.env);
  const database = connect({ databaseUrl: env.DATABASE_URL, dataDir: env.PGLITE_DIR });
  try {
    await migrateToLatest(database.db);
    const issued = await database.db.transaction().execute(async (trx) => {
      let account = await findServiceAccount(trx, userId);
      if (!account) {
        if (await userExists(trx, userId)) throw new Error(`${userId} is a person, not a service account`);
        const unknown = await unknownPartnerGrants(trx, partners);
        if (unknown.length > 0) {
          throw new Error(
            `Unknown partner: ${unknown.map((g) => `${g.accessTypeCode}/${g.partnerCode}`).join(', ')}`,
          );
        }
        account = await createServiceAccount(trx, {
          userId,
          name: values.name ?? userId,
          features,
          partnerGrants: partners,
        });
        await writeAudit(trx, {
          actorUserId,
          action: 'service-account.create',
          entityType: 'service-account',
          entityId: userId,
          before: null,
          after: { name: account.name, features: account.features, partnerAccess: account.partnerGrants },
        });
        console.error(`Created service account ${userId}.`);
      } else if (values.features !== undefined || values.partners !== undefined) {
        console.error(
          `${userId} exists: its features and partners stay as they are (change them as an admin).`,
        );
      }
      if (account.disabledAt) throw new Error(`${userId} is disabled`);
      const token = await issueServiceAccountToken(trx, { userId, name: values['token-name'], days });
      await writeAudit(trx, {
        actorUserId,
        action: 'service-account.token.issue',
        entityType: 'service-account',
        entityId: userId,
        before: null,
        after: { tokenId: token.tokenId, name: token.name, expiresAt: token.expiresAt.toISOString() },
      });
      return token;
    });
    console.error(`Token ${issued.tokenId} expires ${issued.expiresAt.toISOString()}. It is shown only now.`);
    console.log(issued.token);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
