import { api } from './api/request.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/**
 * This install's device id: a token from `/support/visitor`, asked for once
 * and kept in local storage for good. Logout, login and registration keep it,
 * so it is the same device every time: the support chat knows a visitor by it,
 * and registration sends it as `device_token` for the server's per-device
 * sign-up limit and its shared-device rebate check. A visitor's chat that
 * joined an account at login stays that account's (the server no longer
 * counts it as the visitor's), so keeping the id after login reveals nothing.
 */

function storedDeviceId(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.deviceId);
  } catch {
    return null;
  }
}

let pageDeviceId: string | null = null;
let pending: Promise<string> | null = null;

/** The device id, asked for on first use. */
export function deviceId(): Promise<string> {
  const known = storedDeviceId() ?? pageDeviceId;
  if (known) return Promise.resolve(known);
  pending ??= api
    .post<{ visitor_token: string }>('/support/visitor')
    .then(({ visitor_token }) => {
      pageDeviceId = visitor_token;
      try {
        localStorage.setItem(STORAGE_KEYS.deviceId, visitor_token);
      } catch {
        // Storage refused (private mode): the id lasts as long as the page.
      }
      return visitor_token;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
