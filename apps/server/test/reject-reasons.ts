import type { ConsoleClient } from './console.ts';
import type { TestServer } from './harness.ts';

/** What a reject route answers an unlisted `reason_code` with (English, the console client's language). */
export const UNKNOWN_REASON = 'This is not one of the listed rejection reasons: choose one from the list or write your own';

/** The codes a queue item's reject dialog lists, in order. */
export async function listedReasonCodes(operator: ConsoleClient, queue: string, id: number): Promise<string[]> {
  return (await operator.get<{ reject_reasons: { code: string }[] }>(`/queues/${queue}/${id}`)).message.reject_reasons.map((reason) => reason.code);
}

/** A queue item's stored reason as an operator reads it in a language. */
export async function operatorReason(operator: ConsoleClient, queue: string, id: number, lang: string): Promise<string | null> {
  return (await operator.get<{ reason: string | null }>(`/queues/${queue}/${id}`, { lang })).message.reason;
}

/** The user's newest notification of a kind, as the notification centre shows it in a language. */
export async function noticeContent(server: TestServer, token: string, kind: string, lang: string): Promise<string | undefined> {
  const list = (await server.get<{ list: { kind: string; content: string }[] }>('/notice/list', { limit: 100 }, { token, lang })).message.list;
  return list.find((entry) => entry.kind === kind)?.content;
}
