import { Command, InvalidArgumentError, Option } from 'commander';
import type { Config } from '../config.ts';
import { addOperator, disableOperator, listOperators, resetOperator, setupLink } from '../console/operators.ts';
import { OPERATOR_ROLES, type OperatorRole } from '../db/schema.ts';
import type { AppContext } from '../platform/context.ts';

/** Runs an action on the database; `writes` takes the write lock up front. Undefined when the action was refused (already reported). */
type WithContext = <T>(action: (ctx: AppContext) => T, options?: { writes?: boolean }) => T | undefined;

function email(value: string): string {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw new InvalidArgumentError('expected an email address');
  return value;
}

const time = (ms: number | null) => (ms ? new Date(ms).toISOString() : '-');

/**
 * `pnpm ops operator ...`: console operators. A new operator (or one who lost
 * their authenticator) gets a one-time setup link, valid for a day, through
 * which they choose a password and add the authenticator.
 */
export function operatorCommand(config: Config, withContext: WithContext, defaultActor: string): Command {
  const command = new Command('operator').description('console operators: add, list, reset, disable');
  const baseUrl = new Option('--url <base>', 'the address operators open the console at').default(`http://localhost:${config.port}`);
  const actor = new Option('-a, --actor <name>', 'who does it (audit trail)').default(defaultActor);

  const printLink = (label: string, url: string, token: string) => {
    console.log(`${label}\nOne-time setup link (valid 24 hours, shown only now):\n  ${setupLink(url, token)}`);
  };

  command
    .command('add')
    .description('add an operator and print their one-time setup link')
    .argument('<email>', 'the operator\'s email', email)
    .addOption(new Option('-r, --role <role>', 'what they may do').choices(OPERATOR_ROLES).makeOptionMandatory())
    .addOption(baseUrl)
    .addOption(actor)
    .action((address: string, options: { role: OperatorRole; url: string; actor: string }) => {
      // Printed only once committed: a link to an operator that was never stored would be useless.
      const added = withContext((ctx) => addOperator(ctx, address, options.role, options.actor), { writes: true });
      if (added) printLink(`added operator ${added.operator.email} (${added.operator.role})`, options.url, added.token);
    });

  command
    .command('list')
    .description('list operators')
    .action(() =>
      withContext(({ db }) => {
        const rows = listOperators(db);
        if (rows.length === 0) return console.log('no operators yet');
        console.table(
          rows.map((row) => ({
            id: row.id,
            email: row.email,
            role: row.role,
            state: row.disabledAt ? 'disabled' : row.passwordHash && row.totpSecret ? 'active' : 'setup pending',
            last_login: time(row.lastLoginAt),
          })),
        );
      }),
    );

  command
    .command('reset')
    .description('forget an operator\'s password and authenticator and print a new setup link')
    .argument('<email>', 'the operator\'s email', email)
    .addOption(baseUrl)
    .addOption(actor)
    .action((address: string, options: { url: string; actor: string }) => {
      const reset = withContext((ctx) => resetOperator(ctx, address, options.actor), { writes: true });
      if (reset) printLink(`reset operator ${reset.operator.email}: their sessions ended`, options.url, reset.token);
    });

  command
    .command('disable')
    .description('stop an operator from signing in and end their sessions')
    .argument('<email>', 'the operator\'s email', email)
    .addOption(actor)
    .action((address: string, options: { actor: string }) => {
      const operator = withContext((ctx) => disableOperator(ctx, address, options.actor), { writes: true });
      if (operator) console.log(`disabled operator ${operator.email}`);
    });

  return command;
}
