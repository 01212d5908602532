import type { AppContext } from '../../platform/context.ts';
import type { Permission } from '../permissions.ts';
import type { ConsoleModule } from '../scope.ts';
import { depositsQueue } from './deposits.ts';
import { chatRoomQueue } from './chatroom.ts';
import { supportQueue } from './support.ts';
import { nftListingsQueue } from './nft-listings.ts';
import { traderApplicationsQueue } from './trader-applications.ts';
import { verificationQueue } from './verification.ts';
import { withdrawalsQueue } from './withdrawals.ts';

/**
 * A review gate operators work through: identity verification today;
 * deposits, withdrawals, NFT listings, trader applications and the support
 * inbox each add one. A queue is one module in this folder plus one line in
 * REVIEW_QUEUES; the dashboard and the console's menu pick it up from here.
 */
export interface ReviewQueue {
  /** Stable key: the address segment (/api/console/queues/<key>) and the console page's name. */
  key: string;
  /** Who may look at the queue, and who may decide its items. */
  permissions: { view: Permission; decide: Permission };
  /** Items waiting for an operator's decision. */
  pending(ctx: AppContext): number;
  /** The queue's routes, registered under /api/console/queues/<key>: list, detail, decisions. */
  routes: ConsoleModule;
}

export const REVIEW_QUEUES: readonly ReviewQueue[] = [verificationQueue, depositsQueue, withdrawalsQueue, supportQueue, chatRoomQueue, nftListingsQueue, traderApplicationsQueue];

/** Pending items of a queue by key, 0 while that queue does not exist yet (the dashboard's deposits and withdrawals). */
export function pendingIn(ctx: AppContext, key: string): number {
  return REVIEW_QUEUES.find((queue) => queue.key === key)?.pending(ctx) ?? 0;
}
