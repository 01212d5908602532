/** A load that did not finish in time; carries what was being loaded so the user can see it. */
export class LoadTimeoutError extends Error {
  readonly failure = 'timeout';
  constructor(readonly address: string) {
    super(`loading ${address} timed out`);
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number, address: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LoadTimeoutError(address)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
