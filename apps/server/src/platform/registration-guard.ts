import { createHash } from 'node:crypto';
import type { Sqlite } from '../db/client.ts';
import { AppError } from './errors.ts';

const DAY_MS = 86_400_000;

export interface RegistrationOrigin {
  ip: string;
  /** The device id the app sent at sign-up (required by /user/register; older rows may have none). */
  deviceToken?: string;
}

/** Sign-ups allowed per address within 24 hours and per device ever; 0 lifts a limit. */
export interface RegistrationLimits {
  perIpPerDay: number;
  perDevice: number;
}

/** The device token as stored: hashed the way the support chat hashes a visitor's token, so the two can be compared. */
export function deviceHashOf(deviceToken: string | undefined): string | null {
  return deviceToken ? createHash('sha256').update(deviceToken).digest('hex') : null;
}

/**
 * The invite-farm guard at sign-up: refuses a registration once the address
 * opened `perIpPerDay` accounts in the last 24 hours, or the device
 * `perDevice` accounts ever. Call inside the registration's transaction.
 */
export function assertRegistrationAllowed(sqlite: Sqlite, origin: RegistrationOrigin, limits: RegistrationLimits, now: number): void {
  if (limits.perIpPerDay > 0) {
    const recent = sqlite.prepare('SELECT COUNT(*) FROM user_registrations WHERE ip = ? AND created_at > ?').pluck().get(origin.ip, now - DAY_MS) as number;
    if (recent >= limits.perIpPerDay) throw new AppError('errors.registrationLimitIp', { limit: limits.perIpPerDay });
  }
  const deviceHash = deviceHashOf(origin.deviceToken);
  if (deviceHash && limits.perDevice > 0) {
    const ever = sqlite.prepare('SELECT COUNT(*) FROM user_registrations WHERE device_hash = ?').pluck().get(deviceHash) as number;
    if (ever >= limits.perDevice) throw new AppError('errors.registrationLimitDevice', { limit: limits.perDevice });
  }
}

/** Records where an account was opened from; inside the registration's transaction, after the user row. */
export function recordRegistration(sqlite: Sqlite, userId: number, origin: RegistrationOrigin, now: number): void {
  sqlite.prepare('INSERT INTO user_registrations (user_id, ip, device_hash, created_at) VALUES (?, ?, ?, ?)').run(userId, origin.ip, deviceHashOf(origin.deviceToken), now);
}

/**
 * Why a rebate between these two users must not be paid: they signed up from
 * the same address or the same device (one person inviting themself), or
 * null when nothing links them.
 */
export function sharedOrigin(sqlite: Sqlite, inviterId: number, inviteeId: number): 'shared_ip' | 'shared_device' | null {
  const rows = sqlite.prepare('SELECT user_id AS userId, ip, device_hash AS deviceHash FROM user_registrations WHERE user_id IN (?, ?)').all(inviterId, inviteeId) as {
    userId: number;
    ip: string;
    deviceHash: string | null;
  }[];
  const inviter = rows.find((row) => row.userId === inviterId);
  const invitee = rows.find((row) => row.userId === inviteeId);
  if (!inviter || !invitee) return null;
  if (inviter.ip === invitee.ip) return 'shared_ip';
  if (inviter.deviceHash !== null && inviter.deviceHash === invitee.deviceHash) return 'shared_device';
  return null;
}
