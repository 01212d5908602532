import { PullToRefresh, Skeleton, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FrozenBanner } from '../../shared/ui/FrozenBanner.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { AccountPane } from './AccountPane.tsx';
import { AssetsActions } from './AssetsActions.tsx';
import { AssetsSummary } from './AssetsSummary.tsx';
import { useHideAmounts, useSmallBalances, useUserInfo, useWalletList } from './api.ts';
import './assets.css';

/** The assets tab: totals, quick actions and every account with its currencies. */
export default function AssetsPage() {
  const { t } = useTranslation('assets');
  const wallet = useWalletList();
  const user = useUserInfo();
  const [hidden, toggleHidden] = useHideAmounts();
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [hideSmall, setHideSmall] = useState<Record<string, boolean>>({});
  const accounts = wallet.data?.accounts ?? [];
  const smallBalances = useSmallBalances(true);
  const sweepable = new Set(smallBalances.data?.items.map((item) => item.account.code));

  const refresh = () => Promise.all([wallet.refetch(), user.refetch(), smallBalances.refetch()]);

  return (
    <>
      <PageHeader title={t('title')} back={false} />
      <FrozenBanner />
      <PullToRefresh onRefresh={refresh}>
        <div className="assets">
          <AssetsSummary wallet={wallet.data} user={user.data} hidden={hidden} onToggleHidden={toggleHidden} />
          <AssetsActions />
          {wallet.data ? (
            <Tabs className="assets-tabs scroll-tabs" activeKey={activeKey ?? accounts[0]?.code ?? null} onChange={setActiveKey}>
              {accounts.map((account) => (
                <Tabs.Tab key={account.code} title={account.name} forceRender>
                  <AccountPane
                    account={account}
                    hidden={hidden}
                    hideSmall={hideSmall[account.code]}
                    onHideSmallChange={(hide) => setHideSmall((current) => ({ ...current, [account.code]: hide }))}
                    sweepable={sweepable.has(account.code)}
                  />
                </Tabs.Tab>
              ))}
            </Tabs>
          ) : wallet.isError ? (
            <LoadError title={t('error.title')} description={t('error.description')} onRetry={wallet.refetch} className="assets-error" />
          ) : (
            <Skeleton.Paragraph lineCount={6} animated className="assets-skeleton" />
          )}
        </div>
      </PullToRefresh>
    </>
  );
}
