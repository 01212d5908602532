import type { OperatorRole } from '../db/schema.ts';

/**
 * What each console role may do, checked on the server for every console
 * route (the console only hides what the server would refuse anyway).
 *
 * There is deliberately no permission to set a price, decide or change a
 * trade or settlement, or credit or debit a balance: no console route does
 * any of that, so no role can. Money moves only through the defined gates
 * (a queue's approve or reject), each writing its own ledger postings.
 */
const EVERYONE: readonly OperatorRole[] = ['admin', 'reviewer', 'support', 'viewer'];

export const PERMISSIONS = {
  'dashboard.view': EVERYONE,
  /** Run the ledger check now (it also runs on a schedule). */
  'ledger.check': ['admin'],
  'verification.view': EVERYONE,
  'verification.decide': ['admin', 'reviewer'],
  'deposits.view': EVERYONE,
  /** Approve a voucher deposit (credits the user) or reject it. */
  'deposits.decide': ['admin', 'reviewer'],
  'withdrawals.view': EVERYONE,
  /** Mark a withdrawal paid with its transaction reference, or reject it (unfreezes the funds). */
  'withdrawals.decide': ['admin', 'reviewer'],
  'nft-listings.view': EVERYONE,
  /** Approve a user's NFT resale listing (it goes on sale) or reject it; no money moves. */
  'nft-listings.decide': ['admin', 'reviewer'],
  'trader-applications.view': EVERYONE,
  /** Approve a copy-trading trader application (the user becomes a trader) or reject it; no money moves. */
  'trader-applications.decide': ['admin', 'reviewer'],
  'users.view': EVERYONE,
  'users.freeze': ['admin', 'support'],
  'content.view': ['admin', 'support', 'viewer'],
  /** Save and discard drafts. */
  'content.edit': ['admin', 'support'],
  /** Put a draft on the site or take an item down. */
  'content.publish': ['admin'],
  'audit.view': ['admin'],
  /** Earn products (lock mining, IEO, dual): read them with what is sold or held in them. */
  'earn.view': EVERYONE,
  /** Create and edit earn products; orders already placed keep their terms. */
  'earn.edit': ['admin'],
  /** The support inbox: conversations with the user's context beside them. */
  'support.view': ['admin', 'support', 'viewer'],
  /** Answer, take, mark read and close support conversations. */
  'support.reply': ['admin', 'support'],
  'chatroom.view': ['admin', 'support', 'viewer'],
  /** Remove chat-room messages, dismiss reports, mute and unmute authors. */
  'chatroom.moderate': ['admin', 'support'],
  /** The coupons given to users (tasks and operators). */
  'coupons.view': ['admin', 'support', 'viewer'],
  /** Issue a coupon to a user and revoke an unused one. */
  'coupons.issue': ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: OperatorRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly OperatorRole[]).includes(role);
}

export function permissionsOf(role: OperatorRole): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => can(role, permission));
}
