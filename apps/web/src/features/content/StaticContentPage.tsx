import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { Prose } from '../../shared/ui/Prose.tsx';
import { type PageSlug, useStaticPage } from './api.ts';

/** About us, contact us, compliance and borrowing: a title and plain-text body from the content API. */
export function StaticContentPage({ slug, children }: { slug: PageSlug; children?: ReactNode }) {
  const { data } = useStaticPage(slug);
  return (
    <>
      <PageHeader title={data?.title ?? ''} />
      {data ? <Prose text={data.body} /> : <Skeleton.Paragraph lineCount={8} animated className="content-skeleton" />}
      {children}
    </>
  );
}
