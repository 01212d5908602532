import { Command, InvalidArgumentError } from 'commander';
import { loadChainSettings } from '../chains/settings.ts';
import { SimulatedSendError, sendSimulatedDeposit } from '../chains/simulated-chain.ts';
import type { Config } from '../config.ts';
import type { AppContext } from '../platform/context.ts';

type WithContext = <T>(action: (ctx: AppContext) => T, options?: { writes?: boolean }) => T | undefined;

function tag(value: string): number {
  if (!/^\d{1,10}$/.test(value) || Number(value) > 4_294_967_295) throw new InvalidArgumentError('expected a destination tag (a whole number)');
  return Number(value);
}

/**
 * `pnpm ops chain send <address> <amount>`: a deposit on the demo chain. The
 * running server's watcher sees it, its confirmations grow by one per
 * simulated block (CHAIN_SIM_BLOCK_SECONDS), and at the chain's threshold the
 * user is credited. Refused in production, where only real chains pay.
 */
export function chainCommand(config: Config, withContext: WithContext): Command {
  const command = new Command('chain').description('demo mode only: the simulated chain');
  command
    .command('send')
    .description('broadcast a simulated transfer to a deposit address')
    .argument('<address>', 'a user\'s deposit address (the platform\'s XRP address with --tag)')
    .argument('<amount>', 'a positive decimal amount')
    .option('-c, --currency <symbol>', 'the coin sent (default: the chain\'s own; USDT on TRC20)')
    .option('--chain <chain>', 'the chain, for an address no user was given')
    .option('-t, --tag <tag>', 'XRP destination tag', tag)
    .action((address: string, amount: string, options: { currency?: string; chain?: string; tag?: number }) => {
      const blockMs = config.chains.simulatedBlockMs;
      if (blockMs === null) {
        console.error('refused: the simulated chain exists only in demo mode');
        process.exitCode = 1;
        return;
      }
      const sent = withContext(
        (ctx) => {
          try {
            return sendSimulatedDeposit(ctx.db, loadChainSettings(config.seedDataDir, ctx.catalog), ctx.catalog, { address, amount, ...options }, ctx.now());
          } catch (error) {
            if (!(error instanceof SimulatedSendError)) throw error;
            console.error(`refused: ${error.message}`);
            process.exitCode = 1;
            return undefined;
          }
        },
        { writes: true },
      );
      if (!sent) return;
      const owner = sent.userId === null ? 'an address no user was given' : `user ${sent.userId}`;
      console.log(`broadcast ${sent.txid}: ${sent.amount} ${sent.currency} on ${sent.chain} to ${address} (${owner})`);
      console.log(`credited after ${sent.confirmations} confirmations, one every ${blockMs / 1000} s`);
    });
  return command;
}
