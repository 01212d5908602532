import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, createOperator, signIn } from '../../test/console.ts';
import { registerUser, startServer, type TestServer } from '../../test/harness.ts';

interface IssuedCoupon {
  id: number;
  user: string;
  kind: string;
  status: string;
  face_value: string;
  issued_by: string | null;
}

let server: TestServer;
let admin: ConsoleClient;
let viewer: ConsoleClient;

const audits = (action: string) => server.built.ctx.sqlite.prepare('SELECT actor, target_id AS targetId, after FROM audit_log WHERE action = ? ORDER BY id').all(action) as { actor: string; targetId: string; after: string }[];

beforeAll(async () => {
  server = await startServer();
  admin = await signIn(server, await createOperator(server, 'admin'));
  viewer = await signIn(server, await createOperator(server, 'viewer'));
});
afterAll(() => server.close());

describe('coupons in the console', () => {
  it('issues a coupon to a user (audited, the user is told), lists it, and revokes it while unused', async () => {
    const user = await registerUser(server);
    const issued = await admin.post<{ id: number }>('/coupons', { user: user.email, kind: 'fee', face_value: '15', valid_days: 10 });
    expect(issued.type).toBe('ok');
    const [record] = audits('coupon.issue');
    expect(record).toMatchObject({ targetId: String(issued.message.id) });
    expect(JSON.parse(record?.after ?? '{}')).toMatchObject({ kind: 'fee', face_value: '15', valid_days: 10 });

    const listed = await viewer.get<{ list: IssuedCoupon[] }>('/coupons', { user: user.email });
    expect(listed.message.list).toMatchObject([{ id: issued.message.id, user: user.email, kind: 'fee', status: 'available', face_value: '15.000000' }]);
    const own = await server.get<{ list: { id: number }[] }>('/coupon/list', { status: 'available' }, { token: user.token });
    expect(own.message.list.map((coupon) => coupon.id)).toEqual([issued.message.id]);
    const notices = server.built.ctx.sqlite.prepare("SELECT COUNT(*) AS n FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = ? AND n.kind = 'coupon.granted'").get(user.email);
    expect(notices).toEqual({ n: 1 });

    expect((await admin.post(`/coupons/${issued.message.id}/revoke`, {})).type).toBe('ok');
    expect(audits('coupon.revoke')).toHaveLength(1);
    expect((await server.get<{ list: unknown[] }>('/coupon/list', { status: 'available' }, { token: user.token })).message.list).toEqual([]);
    expect(await admin.post(`/coupons/${issued.message.id}/revoke`, {})).toEqual({ type: 'error', message: 'Only an unused coupon that has not expired can be revoked' });
  });

  it('refuses other roles, unknown users and bad values, issuing nothing', async () => {
    const user = await registerUser(server);
    expect((await viewer.post('/coupons', { user: user.email, kind: 'fee', face_value: '15', valid_days: 10 })).type).toBe('error');
    expect(await admin.post('/coupons', { user: 'nobody@example.com', kind: 'fee', face_value: '15', valid_days: 10 })).toEqual({ type: 'error', message: 'Account not found' });
    expect((await admin.post('/coupons', { user: user.email, kind: 'cash', face_value: '15', valid_days: 10 })).type).toBe('error');
    expect((await admin.post('/coupons', { user: user.email, kind: 'fee', face_value: '-1', valid_days: 10 })).type).toBe('error');
    expect((await admin.post('/coupons', { user: user.email, kind: 'fee', face_value: '0', valid_days: 10 })).type).toBe('error');
    expect((await admin.post('/coupons', { user: user.email, kind: 'fee', face_value: '5', valid_days: 0 })).type).toBe('error');
    expect(await admin.post('/coupons/99999999/revoke', {})).toEqual({ type: 'error', message: 'Coupon not found' });
    expect((await viewer.get<{ list: unknown[] }>('/coupons', { user: user.email })).message.list).toEqual([]);
  });
});
