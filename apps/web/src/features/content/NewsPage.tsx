import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, ErrorBlock, Image, List, Skeleton, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../shared/api/request.ts';
import { useSession } from '../../shared/session.ts';
import { formatDate } from '../../shared/time.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import type { Article } from './api.ts';

/** The news API's categories this page lists (spec: c_id 4 news, 99999 new-user guide; banners are on the home page). */
const CATEGORIES = { news: 4, guide: 99999 } as const;
type Category = keyof typeof CATEGORIES;
const PAGE_SIZE = 15;

interface NewsPage {
  list: Article[];
  has_more: boolean;
}

/** News and the new-user guide (`?tab=guide`), each article opening the article page. */
export default function NewsPage() {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const { lang } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: Category = params.get('tab') === 'guide' ? 'guide' : 'news';
  const articles = useInfiniteQuery({
    queryKey: ['news', 'page', CATEGORIES[tab], lang],
    queryFn: ({ pageParam }) => api.post<NewsPage>('/news/list', { c_id: CATEGORIES[tab], page: pageParam, limit: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.has_more ? pages.length + 1 : undefined),
  });
  const list = articles.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <>
      <PageHeader title={t('news.title')} />
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        <Tabs.Tab key="news" title={t('news.tabs.news')} />
        <Tabs.Tab key="guide" title={t('news.tabs.guide')} />
      </Tabs>
      {articles.isPending ? (
        <Skeleton.Paragraph lineCount={8} animated className="content-skeleton" />
      ) : list.length === 0 ? (
        <ErrorBlock status="empty" title={t('news.empty')} description="" />
      ) : (
        <List data-testid="news-list">
          {list.map((article) => (
            <List.Item
              key={article.id}
              prefix={article.image ? <Image src={article.image} width={64} height={48} fit="cover" style={{ borderRadius: 4 }} lazy /> : null}
              description={formatDate(article.published_at)}
              onClick={() => navigate(`/pages/common/article?id=${article.id}`)}
              arrow={false}
            >
              {article.title}
            </List.Item>
          ))}
        </List>
      )}
      {articles.hasNextPage ? (
        <Button block fill="none" loading={articles.isFetchingNextPage} onClick={() => void articles.fetchNextPage()}>
          {t('news.more')}
        </Button>
      ) : null}
    </>
  );
}
