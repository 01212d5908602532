import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { Permission } from '../shared/session.ts';

/**
 * The console's review queues, one line each: the page at /queues/<key>,
 * its menu entry and its title on the dashboard. `key` matches the server's
 * queue registry (apps/server/src/console/queues/registry.ts), which also
 * supplies the pending counts. A new queue adds a page built on
 * shared/QueueLayout.tsx and one line here.
 */
export interface QueuePage {
  key: string;
  /** Console text key of the queue's name. */
  titleKey: string;
  view: Permission;
  page: LazyExoticComponent<ComponentType>;
}

export const QUEUE_PAGES: readonly QueuePage[] = [
  { key: 'verification', titleKey: 'queues.verification.title', view: 'verification.view', page: lazy(() => import('../features/verification/VerificationQueuePage.tsx')) },
  { key: 'deposits', titleKey: 'queues.deposits.title', view: 'deposits.view', page: lazy(() => import('../features/deposits/DepositsQueuePage.tsx')) },
  { key: 'withdrawals', titleKey: 'queues.withdrawals.title', view: 'withdrawals.view', page: lazy(() => import('../features/withdrawals/WithdrawalsQueuePage.tsx')) },
  { key: 'support', titleKey: 'queues.support.title', view: 'support.view', page: lazy(() => import('../features/support/SupportQueuePage.tsx')) },
  { key: 'chatroom', titleKey: 'queues.chatroom.title', view: 'chatroom.view', page: lazy(() => import('../features/chatroom/ChatRoomQueuePage.tsx')) },
  { key: 'nft-listings', titleKey: 'queues.nftListings.title', view: 'nft-listings.view', page: lazy(() => import('../features/nft-listings/NftListingsQueuePage.tsx')) },
  { key: 'trader-applications', titleKey: 'queues.traderApplications.title', view: 'trader-applications.view', page: lazy(() => import('../features/trader-applications/TraderApplicationsQueuePage.tsx')) },
];

export function queuePage(key: string): QueuePage | undefined {
  return QUEUE_PAGES.find((queue) => queue.key === key);
}
