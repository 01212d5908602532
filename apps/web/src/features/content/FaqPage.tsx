import { Collapse, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { Prose } from '../../shared/ui/Prose.tsx';
import { useFaq } from './api.ts';

export default function FaqPage() {
  const { t } = useTranslation('content');
  const { data } = useFaq();
  return (
    <>
      <PageHeader title={t('faq.title')} />
      {data ? (
        <Collapse accordion className="faq">
          {data.map((entry) => (
            <Collapse.Panel key={String(entry.id)} title={entry.question}>
              <Prose text={entry.answer} />
            </Collapse.Panel>
          ))}
        </Collapse>
      ) : (
        <Skeleton.Paragraph lineCount={10} animated className="content-skeleton" />
      )}
    </>
  );
}
