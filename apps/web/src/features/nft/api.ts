import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../shared/api/page.ts';
import { api } from '../../shared/api/request.ts';
import { useSession } from '../../shared/session.ts';

export type MediaType = 'image' | 'gif' | 'audio' | 'video';
export type SaleStateName = 'not_started' | 'on_sale' | 'ended' | 'sold' | 'unsold' | 'in_review';

export interface Sale {
  listing_id: number;
  /** 1 fixed price, 2 auction. */
  sale_mode: 1 | 2;
  price: string;
  increase: string;
  margin: string;
  start_time: number;
  end_time: number;
  status: string;
  sale_time: 0 | 1 | 2;
  state: SaleStateName;
  current_bid: string | null;
  min_bid: string | null;
  bid_count: number;
  is_highest: boolean;
  margin_paid: boolean;
  is_seller: boolean;
  seller: 'platform' | 'user';
  payment_deadline: number | null;
  is_winner: boolean;
  sold_price: string | null;
}

export interface Creator {
  uid: string;
  name: string;
  avatar: string;
}

export interface Artwork {
  id: number;
  code: string;
  title: string;
  description: string;
  type: MediaType;
  media: string;
  cover: string;
  rarity: string;
  edition: string;
  creator: Creator | null;
  collection: { id: number; name: string; royalty_rate: string; royalty_millionths: number } | null;
  owner: 'platform' | 'user';
  is_mine: boolean;
  collected: boolean;
  currency: string;
  fee_rate: string;
  fee_millionths: number;
  sale: Sale | null;
}

export interface Collection {
  id: number;
  name: string;
  description: string;
  cover: string;
  creator: Creator | null;
  items: number;
  floor_price: string | null;
  volume: string;
  royalty_rate: string;
  currency: string;
}

export interface Artist extends Creator {
  biography: string;
  works: number;
}

export interface BlindSeries {
  id: number;
  code: string;
  title: string;
  cover: string;
  price: string;
  currency: string;
  start_time: number;
  end_time: number;
  total: number;
  sold: number;
  state: SaleStateName;
  possible: { id: number; title: string; rarity: string; cover: string; type: MediaType }[];
  odds: { rarity: string; count: number; percent: string }[];
  commitment: string;
  seed: string | null;
  opened: { box_number: number; code: string; artwork_id: number }[];
  /** Unopened boxes their owners resell, at a fixed price, that can be bought now; cheapest first. */
  resales: BoxResale[];
}

export interface BoxResale {
  code: string;
  box_number: number;
  price: string;
  currency: string;
  end_time: number;
  /** The reader's own listing (they cannot buy it). */
  mine: boolean;
}

export interface Bid {
  id: number;
  /** A stable six-digit pseudonym, never the account. */
  bidder: string;
  price: string;
  currency: string;
  time: number;
}

export interface ItemSummary {
  type: 'artwork' | 'box';
  id?: number;
  title: string;
  cover: string | null;
}

export interface MyNfts {
  artworks: Artwork[];
  boxes: {
    code: string;
    series: string;
    title: string;
    cover: string;
    box_number: number;
    opened: boolean;
    artwork_id: number | null;
    listed: boolean;
    commitment: string;
    /** What reselling the box books: the platform fee, and the series' royalty (its lowest, whatever the box holds). */
    fee_rate: string;
    fee_millionths: number;
    royalty_rate: string;
    royalty_millionths: number;
  }[];
  listings: { id: number; code: string; sale_mode: 1 | 2; price: string; status: string; state: 'in_review' | 'reselling' | 'sold' | 'relist'; reason: string | null; sold_price: string | null; royalty: string | null; fee: string | null; item: ItemSummary }[];
  purchases: { id: number; code: string; price: string; sold_at: number; item: ItemSummary }[];
}

export interface NftMessage {
  id: number;
  kind: 'outbid' | 'won' | 'payment_due' | 'payment_reminder' | 'payment_expired' | 'sold' | 'listing_approved' | 'listing_rejected';
  code: string;
  listing_id: number;
  params: Record<string, string | number>;
  read: boolean;
  time: number;
}

export interface NeedPay {
  id: number;
  code: string;
  price: string;
  margin: string;
  to_pay: string;
  currency: string;
  payment_deadline: number;
  item: ItemSummary;
}

export interface ArtworkFilter {
  keyword?: string;
  collection_id?: number;
  artist?: string;
  type?: MediaType;
  mode?: 1 | 2;
}

export function useArtworks(filter: ArtworkFilter, enabled = true) {
  const { token, lang } = useSession();
  return useQuery({ queryKey: ['nft', 'artworks', filter, Boolean(token), lang], queryFn: () => api.get<Page<Artwork>>('/bind_box/getBoxList', { ...filter, limit: 100 }), enabled });
}

export function useArtwork(id: number | null) {
  const { token, lang } = useSession();
  return useQuery({ queryKey: ['nft', 'artwork', id, Boolean(token), lang], queryFn: () => api.get<Artwork>('/bind_box/getBoxDetail', { id: id ?? undefined }), enabled: id !== null, refetchInterval: 10_000 });
}

export function useCollections() {
  const { lang } = useSession();
  return useQuery({ queryKey: ['nft', 'collections', lang], queryFn: () => api.get<Collection[]>('/bind_box/getCollection') });
}

export function useArtists() {
  const { lang } = useSession();
  return useQuery({ queryKey: ['nft', 'artists', lang], queryFn: () => api.get<Artist[]>('/bind_box/getArtist') });
}

export function useArtist(uid: string | null) {
  const { token, lang } = useSession();
  return useQuery({ queryKey: ['nft', 'artist', uid, Boolean(token), lang], queryFn: () => api.get<Artist & { works: Artwork[] }>('/bind_box/getArtistDetail', { uid: uid ?? undefined }), enabled: uid !== null });
}

export function useBlindSeries() {
  const { lang } = useSession();
  return useQuery({ queryKey: ['nft', 'series', lang], queryFn: () => api.get<BlindSeries[]>('/bind_box/getBlindBoxList') });
}

export function useBidLog(code: string | undefined, enabled: boolean) {
  return useQuery({ queryKey: ['nft', 'bids', code], queryFn: () => api.get<Bid[]>('/bind_box/getBindBoxQuotationLog', { code }), enabled: enabled && Boolean(code), refetchInterval: 10_000 });
}

export function useMyNfts() {
  const { lang } = useSession();
  return useQuery({ queryKey: ['nft', 'mine', lang], queryFn: () => api.get<MyNfts>('/bind_box/getMyNFTs') });
}

export function useMessages() {
  return useQuery({ queryKey: ['nft', 'messages'], queryFn: () => api.get<Page<NftMessage> & { unread: number }>('/bind_box/getNFTOrderMessage', { limit: 50 }), refetchInterval: 10_000 });
}

export function useNeedPay() {
  return useQuery({ queryKey: ['nft', 'needPay'], queryFn: () => api.get<NeedPay[]>('/bind_box/getNeedPayNFTOrder') });
}

export function useMyBids() {
  const { lang } = useSession();
  return useQuery({ queryKey: ['nft', 'myBids', lang], queryFn: () => api.get<Page<Bid & { code: string; highest: boolean; status: string; item: ItemSummary }>>('/bind_box/getMyBindBoxQuotationLog', { limit: 50 }) });
}

/** Every NFT action changes the catalogue, the user's items and balances: all of it is read again. */
function useNftAction<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['nft'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

export const useBuy = () => useNftAction((code: string) => api.post<{ type: 'artwork' | 'box'; code: string }>('/bind_box/buyNFT', { code }));
export const useMargin = () => useNftAction((code: string) => api.post<null>('/bind_box/marginNFT', { code }));
export const useBid = () => useNftAction((input: { code: string; price: string }) => api.post<{ end_time: number; extended: boolean }>('/bind_box/auctionNFT', input));
export const useCollect = () => useNftAction((code: string) => api.post<{ collected: boolean }>('/bind_box/collect', { code }));
export const useOpenBox = () => useNftAction((code: string) => api.post<{ code: string; box_number: number; artwork: Artwork }>('/bind_box/openBlindBox', { code }));
export const usePayOrder = () => useNftAction((id: number) => api.post<null>('/bind_box/payNFTOrder', { id }));
export const useReadMessage = () => useNftAction((id: number) => api.post<null>('/bind_box/readNFTOrderMessage', { id }));
export const useResell = () =>
  useNftAction((input: { code: string; mode: 1 | 2; price: string; increase?: string; start_time: number; end_time: number }) => api.post<{ id: number; status: string }>('/bind_box/resellNFT', input));

export const MY_NFT_TABS = ['artworks', 'boxes', 'listings'] as const;
export type MyNftTab = (typeof MY_NFT_TABS)[number];

export const nftPaths = {
  home: '/pages/nft/nft',
  search: '/pages/nft/search',
  artist: (uid: string) => `/pages/nft/artistDetail?uid=${encodeURIComponent(uid)}`,
  artists: '/pages/nft/components/artist',
  artworks: '/pages/nft/components/artwork',
  collection: (id: number) => `/pages/nft/collection?id=${id}`,
  artwork: (artwork: Pick<Artwork, 'id' | 'type'>) => (artwork.type === 'video' || artwork.type === 'audio' ? `/pages/nft/artworkDetail_video?id=${artwork.id}` : `/pages/nft/artworkDetail?id=${artwork.id}`),
  purchase: '/pages/nft/purchase',
  purchaseOne: (code: string) => `/pages/nft/purchase_one?code=${encodeURIComponent(code)}`,
  mine: '/pages/nft/mine',
  /** The user's collection, on the tab for what they just bought or listed. */
  myNft: (tab: MyNftTab = 'boxes') => `/pages/nft/myNft?tab=${tab}`,
  resell: (code: string) => `/pages/nft/resell?code=${encodeURIComponent(code)}`,
};
