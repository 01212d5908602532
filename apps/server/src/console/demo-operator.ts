/**
 * Demo mode only: an admin with a fixed password and authenticator secret,
 * printed in the start banner, so a tester can open the console at once (and
 * browser tests can compute its codes). Production mode never seeds it.
 */
export const DEMO_OPERATOR = {
  email: 'operator@openbourse.test',
  password: 'Console-demo-2026',
  /** Base32, 160 bits: add it to any authenticator app. */
  totpSecret: 'OPENBOURSEDEMOOPERATORSECRETKEYA',
  role: 'admin',
} as const;
