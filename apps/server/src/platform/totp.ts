import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

/**
 * Authenticator-app codes (RFC 6238: SHA-1, 6 digits, 30 s), shared by user
 * two-factor and operator sign-in. A code is accepted for one step either
 * side of now (clock drift), and never twice: callers store the accepted
 * time step and pass it back as `afterStep`, so a code seen over a shoulder
 * or in a log cannot be replayed.
 */
const PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = PERIOD_SECONDS;
const CODE_PATTERN = /^\d{6}$/;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return generateURI({ secret, issuer, label: account, period: PERIOD_SECONDS });
}

/** The otpauth:// address as a PNG data URL (a real QR code, scannable by any authenticator app). */
export function totpQrDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

/**
 * Answers the time step the code belongs to, or null when it is malformed,
 * wrong, outside the window, or not later than `afterStep` (already used).
 */
export function verifyTotp(secret: string, code: string, nowMs: number, afterStep?: number | null): number | null {
  const token = code.trim();
  if (!CODE_PATTERN.test(token)) return null;
  const epoch = Math.floor(nowMs / 1000);
  try {
    const result = verifySync({ secret, token, epoch, period: PERIOD_SECONDS, epochTolerance: TOLERANCE_SECONDS });
    if (!result.valid) return null;
    const step = Math.floor(epoch / PERIOD_SECONDS) + result.delta;
    return afterStep !== undefined && afterStep !== null && step <= afterStep ? null : step;
  } catch {
    return null;
  }
}

/** The current code of a secret: tests and the demo operator's banner use it. */
export function currentTotp(secret: string, nowMs: number): string {
  return generateSync({ secret, epoch: Math.floor(nowMs / 1000), period: PERIOD_SECONDS });
}
