import { describe, expect, it } from 'vitest';
import { routeFor } from './router.tsx';

describe('routeFor', () => {
  it('finds a page by its path, as react-router matched it: exactly, with a trailing slash or in another case', () => {
    expect(routeFor('/')?.path).toBe('/');
    expect(routeFor('/pages/fund/fundTransfer')?.path).toBe('/pages/fund/fundTransfer');
    expect(routeFor('/pages/fund/fundTransfer/')?.path).toBe('/pages/fund/fundTransfer');
    expect(routeFor('/pages/fund/fundtransfer')?.path).toBe('/pages/fund/fundTransfer');
  });

  it('finds nothing for an address that is no page, which the router sends home', () => {
    expect(routeFor('/pages/no/such')).toBeUndefined();
    expect(routeFor('/pages/fund')).toBeUndefined();
  });
});
