import { LANGUAGES } from '@openbourse/i18n';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../shared/navigation.ts';
import { useSession } from '../../shared/session.ts';
import { formatDateTime } from '../../shared/time.ts';
import { toast } from '../../shared/api/request.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { copyPaths, useAgree, useAgreement } from './api.ts';
import { agreementLanguage, agreementPath } from './agreement-language.ts';
import './copy-trading.css';

const SECTIONS = ['s1', 's2', 's3', 's4', 's5', 's6'] as const;

function AgreeButton() {
  const { t } = useTranslation('copy');
  const { token } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const agreement = useAgreement();
  const agree = useAgree();
  if (!token) {
    return (
      <Button block color="primary" onClick={() => navigate(`${ROUTES.login}?redirect=${encodeURIComponent(pathname + search)}`)} data-testid="copy-agree">
        {t('action.agree')}
      </Button>
    );
  }
  if (agreement.isPending) return <Skeleton.Paragraph lineCount={1} animated />;
  if (agreement.data?.agreed_at) {
    return (
      <p className="copy-bar__note" data-testid="copy-agreed">
        {t('agreement.agreed', { time: formatDateTime(agreement.data.agreed_at) })}
      </p>
    );
  }
  const run = async () => {
    try {
      await agree.mutateAsync(undefined);
      toast(t('agreement.done'));
      // Back to the follow form the reader came from, if any.
      if (window.history.state && window.history.state.idx > 0) navigate(-1);
    } catch {
      // The request layer has shown why.
    }
  };
  return (
    <Button block color="primary" loading={agree.isPending} onClick={run} data-testid="copy-agree">
      {t('action.agree')}
    </Button>
  );
}

/** pages/follow/agreement_zh and agreement_en: the copy-trading agreement in Chinese or English (`?lang=` any of the ten), and "I agree". */
export default function AgreementPage() {
  const { t } = useTranslation('copy');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const language = agreementLanguage(pathname, params.get('lang'));
  const { t: text } = useTranslation('copy', { lng: language });
  return (
    <>
      <PageHeader title={text('agreement.title')} fallback={copyPaths.list} />
      <div className="copy-page copy-page--with-bar" data-testid="copy-agreement-page" lang={language}>
        <nav className="copy-languages" aria-label={t('agreement.otherLanguages')}>
          {LANGUAGES.map((entry) => (
            <Link
              key={entry.code}
              to={agreementPath(entry.code)}
              replace
              className={`gold-tag ${entry.code === language ? '' : 'gold-tag--muted'} copy-language`}
            >
              {entry.nativeName}
            </Link>
          ))}
        </nav>
        <article className="copy-agreement" data-testid="copy-agreement-text">
          {SECTIONS.map((section) => (
            <section key={section}>
              <h2>{text(`agreement.${section}.title`)}</h2>
              <p>{text(`agreement.${section}.text`)}</p>
            </section>
          ))}
        </article>
        <div className="copy-bar">
          <AgreeButton />
        </div>
      </div>
    </>
  );
}
