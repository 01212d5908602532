import { describe, expect, it } from 'vitest';
import { currentTotp, newTotpSecret, totpQrDataUrl, totpUri, verifyTotp } from './totp.ts';

describe('totp', () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 10, 24, 12, 0, 10);

  it('accepts the current code and answers its time step', () => {
    expect(verifyTotp(secret, currentTotp(secret, now), now)).toBe(Math.floor(now / 30_000));
  });

  it('accepts the previous step for clock drift, not one two steps old', () => {
    expect(verifyTotp(secret, currentTotp(secret, now - 30_000), now)).not.toBeNull();
    expect(verifyTotp(secret, currentTotp(secret, now - 90_000), now)).toBeNull();
  });

  it('refuses a replayed code and malformed input', () => {
    const step = verifyTotp(secret, currentTotp(secret, now), now);
    expect(verifyTotp(secret, currentTotp(secret, now), now, step)).toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 12 34 ']) expect(verifyTotp(secret, bad, now)).toBeNull();
  });

  it('makes an otpauth address and a PNG QR code of it', async () => {
    const uri = totpUri(secret, 'OpenBourse', 'demo@openbourse.test');
    expect(uri).toMatch(/^otpauth:\/\/totp\/OpenBourse:demo%40openbourse\.test\?/);
    expect(await totpQrDataUrl(uri)).toMatch(/^data:image\/png;base64,/);
  });
});
