export interface OkEnvelope<T> {
  type: 'ok';
  message: T;
}

export interface ErrorEnvelope {
  type: string;
  message: string;
}

export function ok<T>(message: T): OkEnvelope<T> {
  return { type: 'ok', message };
}

export function failure(type: string, message: string): ErrorEnvelope {
  return { type, message };
}
