import { useQuery } from '@tanstack/react-query';
import { useRefetchOnBalances } from '../realtime/index.ts';
import { useSession } from '../session.ts';
import { api } from './request.ts';

/** A currency's balance in the user's spot (`change`) account: what an earn product or an NFT purchase can spend. */
export function useSpotBalance(currency: string | undefined) {
  const { token } = useSession();
  useRefetchOnBalances(['wallet', 'detail']);
  return useQuery({
    queryKey: ['wallet', 'detail', currency, 'change'],
    queryFn: () => api.post<{ available: string; frozen: string }>('/wallet/detail', { currency, type: 'change' }),
    enabled: Boolean(token && currency),
  });
}
