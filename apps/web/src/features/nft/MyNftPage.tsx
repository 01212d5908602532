import { Button, Dialog, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatSignificant } from '../../shared/format.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { MY_NFT_TABS, type MyNftTab, nftPaths, useMyNfts, useOpenBox } from './api.ts';
import { ArtworkGrid } from './parts.tsx';
import './nft.css';

/** The user's collection (pages/nft/myNft): artworks, blind boxes (open or resell unopened ones), listings and their states. */
export default function MyNftPage() {
  const { t } = useTranslation('nft');
  const navigate = useNavigate();
  const mine = useMyNfts();
  // The tab is in the address: a purchase lands on what was bought, and back returns to the tab left.
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: MyNftTab = MY_NFT_TABS.find((key) => key === asked) ?? 'boxes';
  const open = useOpenBox();
  const openBox = async (code: string) => {
    const opened = await open.mutateAsync(code);
    await Dialog.alert({
      title: t('blind.openedTitle'),
      content: (
        <div data-testid="nft-opened">
          <img src={opened.artwork.cover} alt="" style={{ width: '100%', borderRadius: 8 }} />
          <p>
            {opened.artwork.title} · {t(`rarity.${opened.artwork.rarity}`)}
          </p>
        </div>
      ),
      confirmText: t('actions.confirm'),
    });
  };
  return (
    <>
      <PageHeader title={t('myNft.title')} fallback={nftPaths.home} />
      <div className="nft-page" data-testid="nft-my-nft">
        <Tabs activeKey={tab} onChange={(key) => setSearch({ tab: key }, { replace: true })}>
          <Tabs.Tab title={t('myNft.artworks')} key="artworks">
            <ArtworkGrid artworks={mine.data?.artworks ?? []} />
          </Tabs.Tab>
          <Tabs.Tab title={t('myNft.boxes')} key="boxes">
            {(mine.data?.boxes ?? []).length === 0 ? <p className="nft-empty">{t('empty')}</p> : null}
            {(mine.data?.boxes ?? []).map((box) => (
              <div key={box.code} className="nft-list-row" data-testid={`nft-box-${box.code}`}>
                <img src={box.cover} alt="" />
                <span className="nft-list-row__main">
                  {box.title}
                  <small>
                    {box.code} · {box.opened ? t('blind.opened') : t('blind.unopened')}
                  </small>
                </span>
                {!box.opened && !box.listed ? (
                  <span style={{ display: 'flex', gap: 6 }}>
                    <Button size="small" color="primary" onClick={() => void openBox(box.code).catch(() => undefined)} data-testid={`nft-open-${box.code}`}>
                      {t('blind.open')}
                    </Button>
                    <Button size="small" onClick={() => navigate(nftPaths.resell(box.code))}>
                      {t('resell.title')}
                    </Button>
                  </span>
                ) : null}
              </div>
            ))}
          </Tabs.Tab>
          <Tabs.Tab title={t('myNft.listings')} key="listings">
            {(mine.data?.listings ?? []).length === 0 ? <p className="nft-empty">{t('empty')}</p> : null}
            {(mine.data?.listings ?? []).map((listing) => (
              <div key={listing.id} className="nft-list-row">
                {listing.item.cover ? <img src={listing.item.cover} alt="" /> : null}
                <span className="nft-list-row__main">
                  {listing.item.title}
                  <small>
                    {t(listing.sale_mode === 2 ? 'sale.auction' : 'sale.fixed')} · {formatSignificant(listing.price)} · {t(`listing.${listing.state}`)}
                    {listing.reason ? ` · ${listing.reason}` : ''}
                  </small>
                </span>
              </div>
            ))}
          </Tabs.Tab>
        </Tabs>
      </div>
    </>
  );
}
