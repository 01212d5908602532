import { userInfo } from 'node:os';
import { dec, isAmount, toMinor } from '@openbourse/core';
import { Command, InvalidArgumentError } from 'commander';
import { desc, eq } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { auditLog, outboxMessages } from '../db/schema.ts';
import { listVerifications, reviewVerification } from '../features/verification/index.ts';
import { checkLedger } from '../ledger/check.ts';
import { creditDemoFunds } from '../ledger/demo-funds.ts';
import { buildCatalog } from '../platform/catalog.ts';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { translate } from '../platform/i18n.ts';
import { findUserByAccount } from '../platform/users.ts';
import { loadSeedFiles } from '../seed/reference-data.ts';

/**
 * The operator's tool. It works on the same SQLite file as the running server
 * (WAL mode lets both write); every action that changes state is audited.
 */

const config = loadConfig();
const defaultActor = `${userInfo().username}@ops`;

function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) <= 0) throw new InvalidArgumentError('expected a positive whole number');
  return Number(value);
}

function withContext<T>(action: (ctx: AppContext, database: DatabaseHandle) => T): T {
  const database = openDatabase(config.dataDir);
  const catalog = buildCatalog(loadSeedFiles(config.seedDataDir));
  const silentLog = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return silentLog; }, level: 'silent', silent() {} };
  const ctx = {
    config,
    db: database.db,
    sqlite: database.sqlite,
    catalog,
    prices: { usdtPrice: () => { throw new Error('prices are not used by ops'); } },
    messenger: { send: async () => { throw new Error('ops does not send messages'); } },
    now: Date.now,
    log: silentLog,
  } as unknown as AppContext;
  try {
    return action(ctx, database);
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`refused: ${translate('en', error.key, error.params)}`);
      process.exitCode = 1;
      return undefined as T;
    }
    throw error;
  } finally {
    database.close();
  }
}

const printJson = (value: unknown) => console.log(JSON.stringify(value, null, 2));
const time = (ms: number | null) => (ms ? new Date(ms).toISOString() : '-');

const program = new Command()
  .name('pnpm ops')
  .description(`OpenBourse operator commands (data dir: ${config.dataDir})`)
  .showHelpAfterError();

program
  .command('verifications')
  .description('list identity verification requests')
  .option('-s, --status <status>', 'review, verified or failed', 'review')
  .action((options: { status: 'review' | 'verified' | 'failed' }) =>
    withContext(({ db }) => {
      const rows = listVerifications(db, options.status);
      if (rows.length === 0) return console.log(`no ${options.status} requests`);
      console.table(
        rows.map((row) => ({ id: row.id, user: row.userId, level: row.level, id_type: row.idType, name: row.name, card_id: row.cardId, front: row.frontPic, back: row.reversePic, submitted: time(row.createdAt) })),
      );
    }),
  );

program
  .command('approve')
  .description('approve a verification request: the user reaches its level')
  .argument('<id>', 'request id', positiveInteger)
  .option('-a, --actor <name>', 'who approves', defaultActor)
  .action((id: number, options: { actor: string }) =>
    withContext((ctx) => {
      const row = reviewVerification(ctx, id, { approve: true }, options.actor);
      if (row) console.log(`approved request ${id}: user ${row.userId} is now Lv${row.level}`);
    }),
  );

program
  .command('reject')
  .description('reject a verification request with a reason the user will read')
  .argument('<id>', 'request id', positiveInteger)
  .requiredOption('-r, --reason <text>', 'reason shown to the user')
  .option('-a, --actor <name>', 'who rejects', defaultActor)
  .action((id: number, options: { actor: string; reason: string }) =>
    withContext((ctx) => {
      const row = reviewVerification(ctx, id, { approve: false, reason: options.reason }, options.actor);
      if (row) console.log(`rejected request ${id} of user ${row.userId}: ${options.reason}`);
    }),
  );

program
  .command('outbox')
  .description('read the dev outbox (demo mode): messages and codes, newest first')
  .option('-t, --to <address>', 'only messages to this email or phone')
  .option('-n, --limit <count>', 'how many', positiveInteger, 20)
  .action((options: { to?: string; limit: number }) =>
    withContext(({ db }) => {
      const query = db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(options.limit);
      const rows = options.to ? query.where(eq(outboxMessages.toAddress, options.to.toLowerCase())).all() : query.all();
      if (rows.length === 0) return console.log('the outbox is empty');
      console.table(rows.map((row) => ({ id: row.id, to: row.toAddress, channel: row.channel, code: row.code, subject: row.subject, sent: time(row.createdAt) })));
    }),
  );

program
  .command('ledger-check')
  .description('prove that postings net to zero per currency and every balance equals its postings')
  .action(() =>
    withContext(({ sqlite }) => {
      const report = checkLedger(sqlite);
      printJson(report);
      if (!report.ok) process.exitCode = 1;
    }),
  );

program
  .command('credit')
  .description('demo mode only: credit demo funds to a user through the ledger')
  .argument('<account>', 'the user\'s email or phone')
  .argument('<amount>', 'a positive decimal amount')
  .argument('<currency>', 'currency symbol, e.g. USDT')
  .option('--account-type <code>', 'account to credit', 'change')
  .option('-a, --actor <name>', 'who credits', defaultActor)
  .action((account: string, amount: string, symbol: string, options: { accountType: string; actor: string }) => {
    if (config.production) {
      console.error('refused: demo funds exist only in demo mode');
      process.exitCode = 1;
      return;
    }
    withContext((ctx) => {
      const user = findUserByAccount(ctx.db, account);
      const currency = ctx.catalog.currencyBySymbol(symbol);
      const accountType = ctx.catalog.accountTypeByCode(options.accountType);
      if (!user || !currency || !accountType) throw new AppError(!user ? 'errors.accountNotFound' : !currency ? 'errors.currencyNotFound' : 'errors.accountTypeNotFound');
      if (!accountType.currencyIds.includes(currency.id)) throw new AppError('errors.currencyNotFound');
      if (!isAmount(amount) || dec(amount).decimalPlaces() > currency.scale || dec(amount).isZero()) throw new AppError('validation.amount');
      const units = toMinor(amount, currency.scale);
      ctx.db.transaction(() => creditDemoFunds(ctx, { userId: user.id, currency, accountTypeId: accountType.id, units, actor: options.actor }));
      console.log(`credited ${amount} ${currency.symbol} to ${account} (${accountType.code} account)`);
    });
  });

program
  .command('audit')
  .description('the operator audit log, newest first')
  .option('-n, --limit <count>', 'how many', positiveInteger, 20)
  .action((options: { limit: number }) =>
    withContext(({ db }) => {
      const rows = db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(options.limit).all();
      if (rows.length === 0) return console.log('no operator actions yet');
      for (const row of rows) console.log(`${time(row.createdAt)}  ${row.actor}  ${row.action}  ${row.targetType}#${row.targetId}\n  before: ${JSON.stringify(row.before)}\n  after:  ${JSON.stringify(row.after)}`);
    }),
  );

program.parse();
