import { beforeAll, describe, expect, it } from 'vitest';
import { bindPhone, registerUser, startServer, TINY_PNG, type TestServer, uniquePhone, upload } from '../../../test/harness.ts';
import { listVerifications, reviewVerification } from '../../platform/verification-review.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

interface RealState {
  level: number;
  state: string;
  status: number;
  reason: string | null;
  lv1: { state: string; name?: string; card_id?: string };
  lv2: { state: string };
}

async function verifiableUser() {
  const user = await registerUser(server);
  await bindPhone(server, user.token, uniquePhone());
  const front = (await upload(server, user.token, TINY_PNG)).message;
  const back = (await upload(server, user.token, TINY_PNG)).message;
  return { ...user, front, back };
}

function pendingId(): number {
  const pending = listVerifications(server.built.ctx.db, 'review')[0];
  if (!pending) throw new Error('nothing to review');
  return pending.id;
}

describe('identity verification', () => {
  it('takes a user from not verified to Lv1 and Lv2 through operator review', async () => {
    const { token, front, back } = await verifiableUser();
    expect((await server.get<RealState>('/real/state', {}, { token })).message).toMatchObject({ level: 0, state: 'none', status: 0 });

    const lv1 = { real_type: 1, id_type: 1, name: '张三', card_id: '11010519491231002x', front_pic: front };
    expect(await server.post('/user/real', lv1, { token, lang: 'en' })).toEqual({ type: 'ok', message: 'Submitted. Please wait for the review' });
    const reviewing = (await server.get<RealState>('/real/state', {}, { token })).message;
    expect(reviewing).toMatchObject({ level: 0, state: 'review', status: 1, lv1: { state: 'review', name: '张*', card_id: '110************02X' } });
    expect((await server.post('/user/real', lv1, { token, lang: 'en' })).message).toBe('Your verification is under review. Please wait');

    reviewVerification(server.built.ctx, pendingId(), { approve: true }, { actor: 'test-operator' });
    expect((await server.get<RealState>('/real/state', {}, { token })).message).toMatchObject({ level: 1, state: 'verified', status: 2 });

    expect((await server.post('/user/real', { real_type: 2, front_pic: front }, { token, lang: 'en' })).message).toBe('Please upload the back of your document');
    expect((await server.post('/user/real', { real_type: 2, front_pic: front, reverse_pic: back }, { token })).type).toBe('ok');
    reviewVerification(server.built.ctx, pendingId(), { approve: true }, { actor: 'test-operator' });
    const done = (await server.get<RealState>('/real/state', {}, { token })).message;
    expect(done).toMatchObject({ level: 2, state: 'verified', lv1: { state: 'verified' }, lv2: { state: 'verified' } });
    expect((await server.post('/user/real', { real_type: 2, front_pic: front, reverse_pic: back }, { token, lang: 'en' })).message).toBe(
      'You have already completed this verification level',
    );

    const audit = server.built.ctx.sqlite.prepare("SELECT actor, action, before, after FROM audit_log WHERE action = 'verification.approve'").all() as {
      actor: string;
      before: string;
      after: string;
    }[];
    expect(audit).toHaveLength(2);
    expect(audit[0]?.actor).toBe('test-operator');
    expect(JSON.parse(audit[0]?.before ?? '{}').status).toBe('review');
    expect(JSON.parse(audit[0]?.after ?? '{}').status).toBe('verified');
  });

  it('shows the reviewer\'s reason when a request fails, and allows a new one', async () => {
    const { token, front } = await verifiableUser();
    await server.post('/user/real', { real_type: 1, id_type: 2, name: 'Jane Doe', card_id: 'E12345678', front_pic: front }, { token });
    reviewVerification(server.built.ctx, pendingId(), { approve: false, reason: 'The picture is blurred' }, { actor: 'test-operator' });
    expect((await server.get<RealState>('/real/state', {}, { token })).message).toMatchObject({ level: 0, state: 'failed', status: 3, reason: 'The picture is blurred' });
    expect((await server.post('/user/real', { real_type: 1, id_type: 2, name: 'Jane Doe', card_id: 'E12345678', front_pic: front }, { token })).type).toBe('ok');
  });

  it('needs email and phone bound, Lv1 before Lv2, valid documents and the user\'s own pictures', async () => {
    const unbound = await registerUser(server);
    const picture = (await upload(server, unbound.token, TINY_PNG)).message;
    const lv1 = { real_type: 1, id_type: 1, name: '李四', card_id: '110101199003077774', front_pic: picture };
    expect((await server.post('/user/real', lv1, { token: unbound.token, lang: 'en' })).message).toBe('Please bind both your email and phone number first');

    const { token, front, back } = await verifiableUser();
    const refusals: [Record<string, unknown>, string][] = [
      [{ real_type: 2, front_pic: front, reverse_pic: back }, 'Please complete basic verification first'],
      [{ ...lv1, front_pic: front, card_id: '110101199003077775' }, 'Enter a valid ID card number'],
      [{ ...lv1, front_pic: front, id_type: 2, card_id: '<script>' }, 'Enter a valid document number'],
      [{ ...lv1, front_pic: front, name: "Robert'); DROP TABLE users;--" }, 'Enter your legal name without special characters'],
      [{ ...lv1, front_pic: picture }, 'Please upload the front of your document'],
      [{ ...lv1, front_pic: '/uploads/identity/../../openbourse.db' }, 'Please upload the front of your document'],
      [{ ...lv1, front_pic: front, real_type: 3 }, 'verification type is out of range'],
      [{ ...lv1, front_pic: front, id_type: 'passport' }, 'document type is not valid'],
      [{ real_type: 1, front_pic: front, name: '李四', card_id: '110101199003077774' }, 'Please enter document type'],
    ];
    for (const [body, message] of refusals) {
      expect(await server.post('/user/real', body, { token, lang: 'en' })).toEqual({ type: 'error', message });
    }
    expect((await server.get<RealState>('/real/state', {}, { token })).message).toMatchObject({ state: 'none', lv1: { state: 'none' } });
  });

  it('refuses a document already used by another account', async () => {
    const first = await verifiableUser();
    const second = await verifiableUser();
    const document = { real_type: 1, id_type: 2, name: 'Sam Lee', card_id: 'P99887766' };
    expect((await server.post('/user/real', { ...document, front_pic: first.front }, { token: first.token })).type).toBe('ok');
    expect((await server.post('/user/real', { ...document, front_pic: second.front }, { token: second.token, lang: 'en' })).message).toBe(
      'This document is already used to verify another account',
    );
    reviewVerification(server.built.ctx, pendingId(), { approve: false, reason: 'duplicate check' }, { actor: 'test-operator' });
  });
});
