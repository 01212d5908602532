import { ErrorBlock, Skeleton, Tabs } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import { useSession } from '../../shared/session.ts';
import { formatDateTime } from '../../shared/time.ts';
import { Facts } from '../../shared/ui/Facts.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { HeaderLink, PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type IeoProject, type IeoStatus, ieoPaths, useIeoProjects } from './api.ts';
import { IeoStatusTag } from './IeoStatusTag.tsx';
import { Progress } from './Progress.tsx';
import './ieo.css';

const TABS = ['all', 'in_progress', 'warmup', 'finished'] as const;

function ProjectCard({ project }: { project: IeoProject }) {
  const { t } = useTranslation('ieo');
  const navigate = useNavigate();
  const timing = project.status === 'warmup' ? t('card.startsAt', { time: formatDateTime(project.subscribe_start) }) : t('card.endsAt', { time: formatDateTime(project.subscribe_end) });
  return (
    <button type="button" className="ieo-card" onClick={() => navigate(ieoPaths.subscribe(project.id))} data-testid={`ieo-project-${project.id}`}>
      <div className="ieo-card__head">
        <img src={project.icon} alt="" className="ieo-card__icon" />
        <div className="ieo-card__names">
          <span className="ieo-card__name">{project.name}</span>
          <span className="ieo-card__token">{project.token}</span>
        </div>
        <IeoStatusTag status={project.status} />
      </div>
      <Facts
        facts={[
          { label: t('fields.price'), value: `${formatDecimal(project.price)} ${project.price_currency}`, strong: true },
          { label: t('fields.totalIssuance'), value: `${formatSignificant(project.total_issuance, 0)} ${project.token}` },
          { label: project.status === 'warmup' ? t('fields.start') : t('fields.end'), value: timing },
        ]}
      />
      <div className="ieo-card__progress">
        <Progress percent={project.progress} />
        <span className="ieo-card__percent">{t('card.progress', { percent: formatDecimal(project.progress) })}</span>
      </div>
    </button>
  );
}

/** IEO projects (pages/ieo/ieo): in progress, in warm-up and finished, with their progress. */
export default function IeoPage() {
  const { t } = useTranslation('ieo');
  const { token } = useSession();
  const [tab, setTab] = useState<IeoStatus | 'all'>('all');
  const projects = useIeoProjects(tab);
  return (
    <>
      <PageHeader
        title={t('title')}
        right={token ? <HeaderLink to={ieoPaths.orders} label={t('orders.title')} icon={<FileOutline />} testId="ieo-my-orders" /> : null}
      />
      <div className="ieo-page" data-testid="ieo-page">
        <Tabs activeKey={tab} onChange={(key) => setTab(key as IeoStatus | 'all')} className="ieo-tabs">
          {TABS.map((key) => (
            <Tabs.Tab key={key} title={t(`tabs.${key}`)} />
          ))}
        </Tabs>
        {projects.data ? (
          projects.data.list.length > 0 ? (
            <div data-testid="ieo-list">
              {projects.data.list.map((project) => (
                <ProjectCard key={project.id} project={project} />
              ))}
            </div>
          ) : (
            <ErrorBlock status="empty" title={t('empty')} description="" className="ieo-empty" />
          )
        ) : projects.isError ? (
          <LoadError title={t('error.title')} description={t('error.description')} onRetry={projects.refetch} />
        ) : (
          <Skeleton.Paragraph lineCount={8} animated className="ieo-skeleton" />
        )}
      </div>
    </>
  );
}
