import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { createAuditedServiceAccount } from '@portal/api/operations/add-service-account';
import { issueAuditedToken } from '@portal/api/operations/issue-service-account-token';
import {
  connect,
  findServiceAccount,
  migrateToLatest,
  SERVICE_ACCOUNT_FEATURES,
  userExists,
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
        account = await createAuditedServiceAccount(trx, {
          actorUserId,
          userId,
          name: values.name ?? userId,
          features,
          partnerAccess: partners,
        });
        console.error(`Created service account ${userId}.`);
      } else if (values.features !== undefined || values.partners !== undefined) {
        console.error(
          `${userId} exists: its features and partners stay as they are (change them as an admin).`,
        );
      }
      if (account.disabledAt) throw new Error(`${userId} is disabled`);
      return issueAuditedToken(trx, { actorUserId, userId, name: values['token-name'], days });
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
