import { ErrorBlock, Image, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '../../shared/time.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { Prose } from '../../shared/ui/Prose.tsx';
import { isArticleId, useArticle } from './api.ts';

/** A news article, banner story or guide, by `?id=`. */
export default function ArticlePage() {
  const { t } = useTranslation('common');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { data, isError } = useArticle(id);
  // Without a valid id nothing is fetched, and a removed article answers an error: either way there is nothing to wait for.
  const missing = !isArticleId(id) || isError;
  return (
    <>
      <PageHeader title={data?.title ?? ''} />
      {data ? (
        <article className="article">
          <h1 className="article__title">{data.title}</h1>
          <div className="article__date muted">{formatDate(data.published_at)}</div>
          {data.image ? <Image src={data.image} className="article__image" lazy /> : null}
          <Prose text={data.body ?? ''} />
        </article>
      ) : missing ? (
        <ErrorBlock status="empty" title={t('errors.newsNotFound')} description="" data-testid="article-missing" />
      ) : (
        <Skeleton.Paragraph lineCount={10} animated className="content-skeleton" />
      )}
    </>
  );
}
