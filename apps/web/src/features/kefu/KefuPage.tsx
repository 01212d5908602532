import { Button, List, Skeleton } from 'antd-mobile';
import { ClockCircleOutline, MailOutline, MessageOutline, QuestionCircleOutline, SendOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSiteConfig } from '../../shared/api/queries.ts';
import { toast } from '../../shared/api/request.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { Prose } from '../../shared/ui/Prose.tsx';
import { copyText, telegramLink, useContactPage, useGuides } from './api.ts';
import './kefu.css';

/** Customer service: how to reach us, when, the contact page and the help articles. */
export default function KefuPage() {
  const { t } = useTranslation('kefu');
  const navigate = useNavigate();
  const siteConfig = useSiteConfig();
  const settings = siteConfig.data?.settings;
  const contact = useContactPage();
  const guides = useGuides();
  const email = settings?.service_email;
  const telegram = telegramLink(settings?.service_telegram);
  const hours = settings?.service_hours;

  const copyEmail = async () => {
    if (email && (await copyText(email))) toast(t('shell:actions.copied'));
  };

  return (
    <>
      <PageHeader title={t('title')} back={false} />
      <div className="kefu">
        <section className="kefu-hero">
          <span className="kefu-hero__icon">
            <MessageOutline />
          </span>
          <div>
            <h1 className="kefu-hero__title">{t('hero.title')}</h1>
            <p className="kefu-hero__text">{t('hero.text', { site: settings?.site_name ?? 'OpenBourse' })}</p>
          </div>
        </section>

        {settings ? (
          <List header={t('channels.title')} className="kefu-channels" mode="card">
            {email ? (
              <List.Item
                prefix={<MailOutline className="kefu-icon" />}
                description={t('channels.emailHint')}
                extra={
                  <Button size="mini" color="primary" fill="outline" onClick={copyEmail} data-testid="kefu-copy-email">
                    {t('shell:actions.copy')}
                  </Button>
                }
              >
                <div className="kefu-channel__label">{t('channels.email')}</div>
                <a href={`mailto:${email}`} className="kefu-channel__value" data-testid="kefu-email">
                  {email}
                </a>
              </List.Item>
            ) : null}
            {telegram ? (
              <List.Item prefix={<SendOutline className="kefu-icon" />} description={t('channels.telegramHint')}>
                <div className="kefu-channel__label">{t('channels.telegram')}</div>
                {telegram.href ? (
                  <a href={telegram.href} target="_blank" rel="noopener noreferrer" className="kefu-channel__value" data-testid="kefu-telegram">
                    {telegram.label}
                  </a>
                ) : (
                  <span className="kefu-channel__value">{telegram.label}</span>
                )}
              </List.Item>
            ) : null}
            {hours ? (
              <List.Item prefix={<ClockCircleOutline className="kefu-icon" />}>
                <div className="kefu-channel__label">{t('channels.hours')}</div>
                <span className="kefu-channel__value" data-testid="kefu-hours">
                  {hours}
                </span>
              </List.Item>
            ) : null}
          </List>
        ) : (
          <Skeleton.Paragraph lineCount={4} animated className="kefu-skeleton" />
        )}

        {contact.data ? (
          <section className="kefu-contact" data-testid="kefu-contact">
            <h2 className="kefu-section-title">{contact.data.title}</h2>
            <Prose text={contact.data.body} />
          </section>
        ) : contact.isPending ? (
          <Skeleton.Paragraph lineCount={4} animated className="kefu-skeleton" />
        ) : null}

        <List header={t('help.title')} className="kefu-help" mode="card">
          <List.Item prefix={<QuestionCircleOutline className="kefu-icon" />} onClick={() => navigate('/pages/common/faq')} data-testid="kefu-faq">
            {t('help.faq')}
          </List.Item>
        </List>

        {guides.data && guides.data.length > 0 ? (
          <List header={t('help.guides')} className="kefu-guides" mode="card" data-testid="kefu-guides">
            {guides.data.map((guide) => (
              <List.Item
                key={guide.id}
                prefix={guide.image ? <img src={guide.image} alt="" className="kefu-guide__thumb" /> : null}
                description={guide.summary && guide.summary !== guide.title ? guide.summary : undefined}
                onClick={() => navigate(`/pages/common/article?id=${guide.id}`)}
              >
                {guide.title}
              </List.Item>
            ))}
          </List>
        ) : null}
      </div>
    </>
  );
}
