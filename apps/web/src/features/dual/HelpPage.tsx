import { type DualTerms, dualOutcomes, formatMinor, toMinor } from '@openbourse/core';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import { Section } from '../../shared/ui/Facts.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { dualPaths } from './api.ts';
import './dual.css';

const SCALES = { coin: 8, usdt: 6 };

/** The worked examples, computed with the same core functions that settle real orders. */
function example(terms: DualTerms, invested: string) {
  const { kept, converted } = dualOutcomes(terms, toMinor(invested, terms.direction === 'call' ? SCALES.coin : SCALES.usdt), SCALES);
  const show = (payout: typeof kept) => formatSignificant(formatMinor(payout.amount, payout.currency === 'coin' ? SCALES.coin : SCALES.usdt));
  return { kept: show(kept), converted: show(converted) };
}

const CALL: DualTerms = { direction: 'call', linkedPrice: '100000', aprPercent: '36.5', days: 10 };
const PUT: DualTerms = { direction: 'put', linkedPrice: '90000', aprPercent: '36.5', days: 10 };

/** How dual investment works (pages/invest/help), with a worked example of each direction. */
export default function HelpPage() {
  const { t } = useTranslation('dual');
  const call = example(CALL, '1');
  const put = example(PUT, '9000');
  const params = { apr: formatDecimal(CALL.aprPercent), days: CALL.days };
  return (
    <>
      <PageHeader title={t('help.title')} fallback={dualPaths.list} />
      <div className="dual-page dual-help" data-testid="dual-help">
        <Section title={t('help.whatTitle')}>
          <p className="dual-help__text">{t('help.what')}</p>
        </Section>
        <Section title={t('direction.call.title', { coin: 'BTC' })}>
          <p className="dual-help__text">{t('help.call')}</p>
        </Section>
        <Section title={t('direction.put.title', { coin: 'BTC' })}>
          <p className="dual-help__text">{t('help.put')}</p>
        </Section>
        <Section title={t('help.settlementTitle')}>
          <p className="dual-help__text">{t('help.settlement')}</p>
          <p className="dual-help__text">{t('help.tie')}</p>
        </Section>
        <Section title={t('help.exampleTitle')} testId="dual-help-example">
          <p className="dual-help__text" data-testid="dual-help-call">
            {t('help.exampleCall', { ...params, price: formatDecimal(CALL.linkedPrice), kept: call.kept, converted: call.converted })}
          </p>
          <p className="dual-help__text" data-testid="dual-help-put">
            {t('help.examplePut', { ...params, price: formatDecimal(PUT.linkedPrice), kept: put.kept, converted: put.converted })}
          </p>
          <p className="dual-help__text dual-help__formula">{t('help.formula')}</p>
        </Section>
      </div>
    </>
  );
}
