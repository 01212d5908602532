import { Badge, ErrorBlock, InfiniteScroll, Skeleton, Tabs, Toast } from 'antd-mobile';
import { CheckCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useUnreadNotifications } from '../../shared/notifications.ts';
import { formatDateTime } from '../../shared/time.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { HeaderButton, PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type Notice, useMarkAllRead, useMarkRead, useNotices } from './api.ts';
import './notifications.css';

/** The notification centre: personal messages and announcements, newest first. Query: tab (all, unread). */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const [params, setParams] = useSearchParams();
  const unreadOnly = params.get('tab') === 'unread';
  const unread = useUnreadNotifications();
  const markAll = useMarkAllRead();
  const markAllButton = (
    <HeaderButton
      label={t('page.markAllRead')}
      icon={<CheckCircleOutline />}
      disabled={unread === 0 || markAll.isPending}
      onClick={() => markAll.mutate(undefined, { onSuccess: () => Toast.show(t('page.allRead')) })}
      testId="notice-mark-all"
    />
  );
  return (
    <div className="notice-page">
      <PageHeader title={t('page.title')} right={markAllButton} />
      <Tabs activeKey={unreadOnly ? 'unread' : 'all'} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        <Tabs.Tab key="all" title={t('page.all')} />
        <Tabs.Tab
          key="unread"
          title={
            <Badge content={unread > 0 ? String(unread) : null} style={{ '--right': '-10px', '--top': '2px' }}>
              <span data-testid="notice-tab-unread">{t('page.unread')}</span>
            </Badge>
          }
        />
      </Tabs>
      <NoticeList unreadOnly={unreadOnly} />
    </div>
  );
}

function NoticeList({ unreadOnly }: { unreadOnly: boolean }) {
  const { t } = useTranslation('notifications');
  const query = useNotices(unreadOnly);
  if (query.isPending) return <Skeleton.Paragraph lineCount={6} animated className="notice-skeleton" />;
  if (query.isError && !query.data) return <LoadError title={t('page.loadTitle')} description={t('page.loadDescription')} onRetry={() => void query.refetch()} />;
  const notices = (query.data?.pages ?? []).flatMap((page) => page.list);
  if (notices.length === 0) return <ErrorBlock status="empty" title={t('page.empty')} description="" className="notice-empty" data-testid="notice-empty" />;
  return (
    <div className="notice-list" data-testid="notice-list">
      {notices.map((notice) => (
        <NoticeRow key={notice.id} notice={notice} />
      ))}
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          await query.fetchNextPage({ throwOnError: true });
        }}
      />
    </div>
  );
}

/** Opening a message marks it read and goes where it points. */
function NoticeRow({ notice }: { notice: Notice }) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const open = () => {
    if (!notice.read) markRead.mutate(notice.id);
    navigate(notice.link);
  };
  return (
    <button type="button" className={`notice-row${notice.read ? '' : ' notice-row--unread'}`} onClick={open} data-testid="notice-row" aria-label={`${notice.title}: ${notice.content}`}>
      <div className="notice-row__head">
        <span className="notice-row__title">
          {notice.read ? null : <span className="notice-row__dot" aria-hidden="true" />}
          {notice.title}
        </span>
        <time className="notice-row__time">{formatDateTime(notice.created_at)}</time>
      </div>
      <p className="notice-row__content">{notice.content}</p>
      <span className="notice-row__open">{t('page.open')}</span>
    </button>
  );
}
