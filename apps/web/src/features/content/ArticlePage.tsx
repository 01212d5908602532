import { Image, Skeleton } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '../../shared/time.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { Prose } from '../../shared/ui/Prose.tsx';
import { useArticle } from './api.ts';

/** A news article, banner story or guide, by `?id=`. */
export default function ArticlePage() {
  const [params] = useSearchParams();
  const { data } = useArticle(Number(params.get('id')));
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
      ) : (
        <Skeleton.Paragraph lineCount={10} animated className="content-skeleton" />
      )}
    </>
  );
}
