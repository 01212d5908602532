import { userInfo } from 'node:os';
import { dec, isAmount, toMinor } from '@openbourse/core';
import { Command, InvalidArgumentError } from 'commander';
import { desc, eq } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { SqliteError } from 'better-sqlite3';
import { DatabaseMissingError, type DatabaseHandle, openDatabase, type Sqlite } from '../db/client.ts';
import { auditLog, outboxMessages } from '../db/schema.ts';
import { checkLedger } from '../ledger/check.ts';
import { creditDemoFunds } from '../ledger/demo-funds.ts';
import { buildCatalog } from '../platform/catalog.ts';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { translate } from '../platform/i18n.ts';
import { clockOfDataDir } from '../platform/dev-clock.ts';
import { findUserByAccount } from '../platform/users.ts';
import { listVerifications, reviewVerification } from '../platform/verification-review.ts';
import { loadSeedFiles } from '../seed/reference-data.ts';
import { chainCommand } from './chain-commands.ts';
import { operatorCommand } from './operator-commands.ts';

/**
 * The operator's tool. It works on the same SQLite file as the running server
 * (WAL mode lets both write, one at a time); every action that changes state
 * is audited.
 */

const config = loadConfig();
const defaultActor = `${userInfo().username}@ops`;

function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) <= 0) throw new InvalidArgumentError('expected a positive whole number');
  return Number(value);
}

/** How long an ops command waits for the running server's write lock. */
const LOCK_WAIT_MS = 30_000;

const isBusy = (error: unknown) => error instanceof SqliteError && error.code.startsWith('SQLITE_BUSY');

/**
 * An ops write runs in one IMMEDIATE transaction: it takes the write lock
 * before it reads, so a commit by the running server in between cannot
 * invalidate what it read (SQLITE_BUSY_SNAPSHOT, "database is locked", which
 * no busy timeout cures). While the server holds the lock the operator is
 * told, and the command waits for it.
 */
function writeTransaction<T>(sqlite: Sqlite, work: () => T): T {
  const transaction = sqlite.transaction(work);
  sqlite.pragma('busy_timeout = 0');
  try {
    return transaction.immediate();
  } catch (error) {
    if (!isBusy(error)) throw error;
  } finally {
    sqlite.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
  }
  console.error(`waiting for the database write lock (the running server is writing), up to ${LOCK_WAIT_MS / 1000} s`);
  return transaction.immediate();
}

/** Refuses, with the reason on stderr and exit code 1. */
function refuse(reason: string): undefined {
  console.error(`refused: ${reason}`);
  process.exitCode = 1;
  return undefined;
}

/**
 * Runs a command on the server's database: a write in one immediate
 * transaction (see writeTransaction), reads in one snapshot. A data dir
 * without a database is refused rather than given a new empty one, which
 * would answer every question (a clean ledger, no verifications) wrongly.
 */
function withContext<T>(action: (ctx: AppContext, database: DatabaseHandle) => T, { writes = false } = {}): T | undefined {
  let database: DatabaseHandle;
  try {
    database = openDatabase(config.dataDir, { create: false, busyTimeoutMs: LOCK_WAIT_MS });
  } catch (error) {
    if (!(error instanceof DatabaseMissingError)) throw error;
    return refuse(`there is no database in DATA_DIR ${config.dataDir} (no ${error.file}). pnpm ops works on the server's database: run it with the DATA_DIR the server uses.`);
  }
  const catalog = buildCatalog(loadSeedFiles(config.seedDataDir));
  const silentLog = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return silentLog; }, level: 'silent', silent() {} };
  const ctx = {
    config,
    db: database.db,
    sqlite: database.sqlite,
    catalog,
    prices: { usdtPrice: () => { throw new Error('prices are not used by ops'); } },
    messenger: { send: async () => { throw new Error('ops does not send messages'); } },
    // The server's time on this data dir, demo clock offset included, so what ops records lines up with what the server does.
    now: clockOfDataDir(database.sqlite, Date.now),
    log: silentLog,
  } as unknown as AppContext;
  try {
    const run = () => action(ctx, database);
    return writes ? writeTransaction(database.sqlite, run) : database.sqlite.transaction(run).deferred();
  } catch (error) {
    if (error instanceof AppError) return refuse(translate('en', error.key, error.params));
    if (isBusy(error)) return refuse(`the database stayed locked for ${LOCK_WAIT_MS / 1000} s; nothing was changed, try again`);
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
      const row = reviewVerification(ctx, id, { approve: true }, { actor: options.actor });
      if (row) console.log(`approved request ${id}: user ${row.userId} is now Lv${row.level}`);
    }, { writes: true }),
  );

program
  .command('reject')
  .description('reject a verification request with a reason the user will read')
  .argument('<id>', 'request id', positiveInteger)
  .requiredOption('-r, --reason <text>', 'reason shown to the user')
  .option('-a, --actor <name>', 'who rejects', defaultActor)
  .action((id: number, options: { actor: string; reason: string }) =>
    withContext((ctx) => {
      const row = reviewVerification(ctx, id, { approve: false, reason: options.reason }, { actor: options.actor });
      if (row) console.log(`rejected request ${id} of user ${row.userId}: ${options.reason}`);
    }, { writes: true }),
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
      creditDemoFunds(ctx, { userId: user.id, currency, accountTypeId: accountType.id, units, actor: options.actor });
      console.log(`credited ${amount} ${currency.symbol} to ${account} (${accountType.code} account)`);
    }, { writes: true });
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

program.addCommand(operatorCommand(config, withContext, defaultActor));
program.addCommand(chainCommand(config, withContext));

program.parse();
