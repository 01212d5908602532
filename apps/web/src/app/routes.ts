import { COMING_SOON } from '../features/coming-soon/coming-soon-routes.ts';
import type { PageLoader } from './lazy-page.tsx';

export type TabKey = 'home' | 'market' | 'kefu' | 'order' | 'assets';

export interface PageRoute {
  path: string;
  load: PageLoader;
  /** Visitors are sent to login ("please log in first"). */
  auth?: boolean;
  tab?: TabKey;
}


export const comingSoon: PageLoader = () => import('../features/coming-soon/ComingSoonPage.tsx');

/** Every route of spec section 2. Each page is its own chunk. */
export const PAGE_ROUTES: PageRoute[] = [
  { path: '/', load: () => import('../features/home/HomePage.tsx'), tab: 'home' },
  { path: '/pages/index/index', load: () => import('../features/home/HomePage.tsx'), tab: 'home' },
  { path: '/pages/market/market', load: () => import('../features/market/MarketPage.tsx'), tab: 'market' },
  { path: '/pages/quotation/index', load: () => import('../features/market/MarketPage.tsx'), tab: 'market' },
  { path: '/pages/market/search', load: () => import('../features/market/SearchPage.tsx') },
  { path: '/pages/kefu/index', load: () => import('../features/kefu/KefuPage.tsx'), tab: 'kefu' },
  { path: '/pages/kefu/chatroom', load: () => import('../features/kefu/ChatRoomPage.tsx') },
  { path: '/pages/transaction/order', load: () => import('../features/orders/OrdersPage.tsx'), tab: 'order' },
  { path: '/pages/transaction/currency', load: () => import('../features/trade/CurrencyPage.tsx') },
  { path: '/pages/transaction/currency_order', load: () => import('../features/orders/OrderDetailPage.tsx'), auth: true },
  { path: '/pages/fund/assets', load: () => import('../features/assets/AssetsPage.tsx'), tab: 'assets', auth: true },
  { path: '/pages/fund/assets_record', load: () => import('../features/transfers/CoinPage.tsx'), auth: true },
  { path: '/pages/fund/assets_all_record', load: () => import('../features/transfers/BillsPage.tsx'), auth: true },
  { path: '/pages/fund/transfer', load: () => import('../features/transfers/ConvertPage.tsx'), auth: true },
  { path: '/pages/fund/fundTransfer', load: () => import('../features/transfers/TransferPage.tsx'), auth: true },
  { path: '/pages/fund/transfer_history', load: () => import('../features/transfers/TransferHistoryPage.tsx'), auth: true },
  { path: '/pages/setting/share', load: () => import('../features/invite/SharePage.tsx'), auth: true },
  { path: '/pages/setting/coupon', load: () => import('../features/coupons/CouponPage.tsx'), auth: true },
  { path: '/pages/notice/index', load: () => import('../features/notifications/NotificationsPage.tsx'), auth: true },
  { path: '/pages/setting/bill', load: () => import('../features/transfers/BillsPage.tsx'), auth: true },

  { path: '/pages/common/login', load: () => import('../features/auth/LoginPage.tsx') },
  { path: '/pages/common/register', load: () => import('../features/auth/RegisterPage.tsx') },
  { path: '/pages/common/area', load: () => import('../features/auth/AreaPage.tsx') },
  { path: '/pages/common/news', load: () => import('../features/content/NewsPage.tsx') },
  { path: '/pages/common/article', load: () => import('../features/content/ArticlePage.tsx') },
  { path: '/pages/common/webView', load: () => import('../features/content/WebViewPage.tsx') },
  { path: '/pages/common/faq', load: () => import('../features/content/FaqPage.tsx') },
  { path: '/pages/common/contactus', load: () => import('../features/content/ContactUsPage.tsx') },
  { path: '/pages/common/aboutus', load: () => import('../features/content/AboutUsPage.tsx') },
  { path: '/pages/common/borrowing', load: () => import('../features/content/BorrowingPage.tsx') },
  { path: '/pages/setting/operational_compliance', load: () => import('../features/content/CompliancePage.tsx') },

  { path: '/pages/setting/setting', load: () => import('../features/settings/SettingPage.tsx') },
  { path: '/pages/setting/userInfo', load: () => import('../features/settings/UserInfoPage.tsx'), auth: true },
  { path: '/pages/setting/security', load: () => import('../features/settings/SecurityPage.tsx'), auth: true },
  { path: '/pages/setting/password', load: () => import('../features/settings/PasswordPage.tsx') },
  { path: '/pages/setting/payPassword', load: () => import('../features/settings/PayPasswordPage.tsx'), auth: true },
  { path: '/pages/setting/real', load: () => import('../features/settings/RealPage.tsx'), auth: true },
  { path: '/pages/setting/real_mark', load: () => import('../features/settings/RealMarkPage.tsx'), auth: true },
  { path: '/pages/setting/wallet', load: () => import('../features/funds/WalletAddressesPage.tsx'), auth: true },
  { path: '/pages/setting/addWallet', load: () => import('../features/funds/AddWalletPage.tsx'), auth: true },
  { path: '/pages/setting/bank', load: () => import('../features/funds/BankCardPage.tsx'), auth: true },
  { path: '/pages/setting/bank_international', load: () => import('../features/funds/BankInternationalPage.tsx'), auth: true },

  { path: '/pages/fund/select', load: () => import('../features/funds/SelectPage.tsx'), auth: true },
  { path: '/pages/fund/receive', load: () => import('../features/funds/ReceivePage.tsx'), auth: true },
  { path: '/pages/fund/receive_withdraw_record', load: () => import('../features/funds/RecordsPage.tsx'), auth: true },
  { path: '/pages/fund/withdraw', load: () => import('../features/funds/WithdrawPage.tsx'), auth: true },

  { path: '/pages/lockming/lockming', load: () => import('../features/lock-mining/LockMiningPage.tsx') },
  { path: '/pages/lockming/welcome', load: () => import('../features/lock-mining/WelcomePage.tsx') },
  { path: '/pages/lockming/buy', load: () => import('../features/lock-mining/BuyPage.tsx'), auth: true },
  { path: '/pages/lockming/order', load: () => import('../features/lock-mining/OrderPage.tsx'), auth: true },
  { path: '/pages/nft/nft', load: () => import('../features/nft/NftHomePage.tsx') },
  { path: '/pages/nft/search', load: () => import('../features/nft/SearchPage.tsx') },
  { path: '/pages/nft/components/artwork', load: () => import('../features/nft/SearchPage.tsx') },
  { path: '/pages/nft/components/artist', load: () => import('../features/nft/ArtistsPage.tsx') },
  { path: '/pages/nft/artistDetail', load: () => import('../features/nft/ArtistDetailPage.tsx') },
  { path: '/pages/nft/collection', load: () => import('../features/nft/CollectionPage.tsx') },
  { path: '/pages/nft/artworkDetail', load: () => import('../features/nft/ArtworkDetailPage.tsx') },
  { path: '/pages/nft/artworkDetail_video', load: () => import('../features/nft/ArtworkDetailPage.tsx') },
  { path: '/pages/nft/purchase', load: () => import('../features/nft/PurchasePage.tsx') },
  { path: '/pages/nft/purchase_one', load: () => import('../features/nft/PurchaseOnePage.tsx'), auth: true },
  { path: '/pages/nft/mine', load: () => import('../features/nft/MinePage.tsx'), auth: true },
  { path: '/pages/nft/myNft', load: () => import('../features/nft/MyNftPage.tsx'), auth: true },
  { path: '/pages/nft/resell', load: () => import('../features/nft/ResellPage.tsx'), auth: true },
  { path: '/pages/ieo/ieo', load: () => import('../features/ieo/IeoPage.tsx') },
  { path: '/pages/ieo/subscribe', load: () => import('../features/ieo/SubscribePage.tsx') },
  { path: '/pages/ieo/order', load: () => import('../features/ieo/IeoOrderPage.tsx'), auth: true },
  { path: '/pages/invest/invest', load: () => import('../features/dual/InvestPage.tsx') },
  { path: '/pages/invest/purchase', load: () => import('../features/dual/PurchasePage.tsx') },
  { path: '/pages/invest/mine', load: () => import('../features/dual/MinePage.tsx'), auth: true },
  { path: '/pages/invest/help', load: () => import('../features/dual/HelpPage.tsx') },
  { path: '/pages/financial/index', load: () => import('../features/financial/FinancialPage.tsx') },
  { path: '/pages/transaction/seconds', load: () => import('../features/options/SecondsPage.tsx') },
  { path: '/pages/transaction/seconds_order', load: () => import('../features/options/SecondsOrderPage.tsx'), auth: true },
  { path: '/pages/transaction/index', load: () => import('../features/futures/HubPage.tsx') },
  { path: '/pages/transaction/index2', load: () => import('../features/futures/HubPage.tsx') },
  { path: '/pages/transaction/contract', load: () => import('../features/futures/ContractPage.tsx') },
  { path: '/pages/transaction/contract_order', load: () => import('../features/futures/ContractOrderPage.tsx'), auth: true },
  { path: '/pages/copytrade/copy', load: () => import('../features/copy-trading/TraderListPage.tsx') },
  { path: '/pages/follow/index', load: () => import('../features/copy-trading/TraderListPage.tsx') },
  { path: '/pages/follow/trader', load: () => import('../features/copy-trading/TraderProfilePage.tsx') },
  { path: '/pages/follow/follow', load: () => import('../features/copy-trading/FollowPage.tsx'), auth: true },
  { path: '/pages/follow/agreement_zh', load: () => import('../features/copy-trading/AgreementPage.tsx') },
  { path: '/pages/follow/agreement_en', load: () => import('../features/copy-trading/AgreementPage.tsx') },
  { path: '/pages/copytrade/my', load: () => import('../features/copy-trading/MyCopiesPage.tsx'), auth: true },
  { path: '/pages/copytrade/trader', load: () => import('../features/copy-trading/TraderDashboardPage.tsx'), auth: true },

  ...Object.keys(COMING_SOON)
    .map((path) => ({ path, load: comingSoon })),
];
