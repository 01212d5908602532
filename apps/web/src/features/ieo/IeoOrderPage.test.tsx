import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import type { IeoAllocation, IeoOrder } from './api.ts';
import IeoOrderPage from './IeoOrderPage.tsx';

/** An oversubscribed sale: 2,430,000 committed for 2,000,000, two subscribers capped at 40,000. */
const shared: IeoAllocation = {
  total_committed: '2430000.0000',
  total_issuance: '2000000.0000',
  oversubscribed: true,
  pro_rata: '24691.3580',
  cap: '40000.0000',
  capped: false,
  basis: 'redistributed',
  redistribution: { pool: '1920000.0000', uncapped_committed: '60000.0000' },
  allocated: '30000.0000',
  paid: '7500.000000',
  refunded: '0.000000',
};

const orderWith = (id: number, allocation: IeoAllocation): IeoOrder => ({
  id,
  project_id: 2,
  name: 'Orbit Network',
  token: 'ORBT',
  icon: '/static/coins/orbt.svg',
  pay_currency: 'USDT',
  price: '0.25',
  committed: '30000.0000',
  held: '7500.000000',
  status: 'allocated',
  subscribe_end: Date.UTC(2026, 11, 2, 22),
  unlocks_at: Date.UTC(2026, 11, 16, 22),
  created_at: Date.UTC(2026, 10, 30, 22),
  allocated_at: Date.UTC(2026, 11, 2, 22),
  unlocked_at: null,
  allocation,
});

setupPageTests({ signedIn: true });

describe('IEO order page', () => {
  it('explains an allocation above the pro-rata share: the pool the caps left, or the whole commitment reached', async () => {
    stubApi({
      '/user/project/order': {
        list: [orderWith(1, shared), orderWith(2, { ...shared, basis: 'commitment', redistribution: null })],
        page: 1,
        limit: 20,
        total: 2,
        has_more: false,
      },
    });
    renderAt(<IeoOrderPage />, '/pages/ieo/order');
    expect((await screen.findByTestId('ieo-allocation-1')).textContent).toContain('30,000 ÷ 2,430,000 × 2,000,000 = 24,691.358 ORBT');
    expect(screen.getByTestId('ieo-redistribution-1').textContent).toBe('超额部分再分配：封顶后剩余 1,920,000 ORBT 按未封顶认购总量 60,000 比例分配：1,920,000 ÷ 60,000 × 30,000 = 30,000 ORBT');
    expect(screen.getByTestId('ieo-redistribution-2').textContent).toBe('封顶认购者的超出部分按比例再分配后，您的配售达到全部认购数量 30,000 ORBT');
  });
});
