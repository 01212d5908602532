import { abaNumberRule, bankAccountRule, internationalAccountRule, mobileRule, realNameRule, swiftCodeRule } from '@openbourse/core';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, List, NoticeBar, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { toast } from '../../shared/api/request.ts';
import { requiredRule, zodRule } from '../../shared/ui/form-rules.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { TestIdInput } from '../../shared/ui/TestIdInput.tsx';
import { type DomesticCard, fundsApi, type InternationalCard, refreshFunds, useDomesticCard, useInternationalCard } from './api.ts';
import './funds.css';
import { supportChatPath } from '../../shared/navigation.ts';

type Kind = 'bank' | 'bank_international';

interface FieldSpec {
  name: string;
  /** A core rule for the field, or plain "required". */
  rule?: z.ZodType;
  inputMode?: 'numeric' | 'tel' | 'text';
  maxLength: number;
}

/** Spec 3's card fields; the international card keeps the spec's wire names (wechat_nickname is the SWIFT code, wechat_account the holder address). */
const FIELDS: Record<Kind, FieldSpec[]> = {
  bank: [
    { name: 'real_name', rule: realNameRule, maxLength: 50 },
    { name: 'bank_name', maxLength: 60 },
    { name: 'bank_account', rule: bankAccountRule, inputMode: 'numeric', maxLength: 40 },
    { name: 'bank_dizhi', maxLength: 100 },
    { name: 'bank_network', maxLength: 100 },
    { name: 'phone', rule: mobileRule, inputMode: 'tel', maxLength: 20 },
  ],
  bank_international: [
    { name: 'real_name', rule: realNameRule, maxLength: 50 },
    { name: 'bank_name', maxLength: 100 },
    { name: 'bank_account', rule: internationalAccountRule, maxLength: 42 },
    { name: 'bank_dizhi', maxLength: 200 },
    { name: 'aba_number', rule: abaNumberRule, inputMode: 'numeric', maxLength: 11 },
    { name: 'wechat_nickname', rule: swiftCodeRule, maxLength: 11 },
    { name: 'wechat_account', maxLength: 200 },
  ],
};

/** The bank card (`/pages/setting/bank`) or international card (`bank_international`): a form until saved, then read-only, changed through customer service. */
export function CardPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation('funds');
  const domestic = useDomesticCard();
  const international = useInternationalCard();
  const card = kind === 'bank' ? domestic : international;
  return (
    <div className="funds-page">
      <PageHeader title={t(`card.${kind}.title`)} fallback="/pages/setting/setting" />
      {card.isError ? <LoadError title={t('errors.loadTitle')} description={t('errors.loadDescription')} onRetry={() => card.refetch()} /> : null}
      {card.isPending ? <Skeleton.Paragraph lineCount={8} animated className="content-skeleton" /> : null}
      {card.isSuccess ? card.data ? <SavedCard kind={kind} card={card.data} /> : <CardForm kind={kind} /> : null}
    </div>
  );
}

function SavedCard({ kind, card }: { kind: Kind; card: DomesticCard | InternationalCard }) {
  const { t } = useTranslation('funds');
  const values = card as unknown as Record<string, string>;
  return (
    <>
      <NoticeBar
        color="info"
        wrap
        className="funds-notice"
        data-testid="card-contact-kefu"
        content={
          <span>
            {t('card.savedNotice')}{' '}
            <Link to={supportChatPath('bank_card')} className="funds-link">
              {t('actions.contactKefu')}
            </Link>
          </span>
        }
      />
      <List mode="card" className="funds-card-list" data-testid="card-saved">
        {FIELDS[kind].map((field) => (
          <List.Item key={field.name} extra={<span className="funds-card-list__value">{values[field.name]}</span>}>
            {t(`card.fields.${field.name}`)}
          </List.Item>
        ))}
      </List>
    </>
  );
}

function CardForm({ kind }: { kind: Kind }) {
  const { t } = useTranslation('funds');
  const [form] = Form.useForm<Record<string, string>>();
  const save = useMutation({
    mutationFn: (values: Record<string, string>) => {
      const trimmed = Object.fromEntries(FIELDS[kind].map((field) => [field.name, (values[field.name] ?? '').trim()]));
      return kind === 'bank' ? fundsApi.saveCard(trimmed as unknown as DomesticCard) : fundsApi.saveInternationalCard(trimmed as unknown as InternationalCard);
    },
    onSuccess: async (message) => {
      toast(message);
      await refreshFunds();
    },
  });
  return (
    <>
      <div className="funds-intro muted">{t('card.intro')}</div>
      <Form
        form={form}
        layout="vertical"
        mode="card"
        requiredMarkStyle="none"
        onFinish={(values: Record<string, string>) => save.mutate(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={save.isPending} data-testid="card-submit">
            {t('card.save')}
          </Button>
        }
      >
        {FIELDS[kind].map((field) => (
          <Form.Item key={field.name} name={field.name} label={t(`card.fields.${field.name}`)} rules={[field.rule ? zodRule(field.rule, undefined, field.name) : requiredRule(field.name)]}>
            <TestIdInput testId={`card-${field.name}`} inputMode={field.inputMode} maxLength={field.maxLength} placeholder={t(`card.placeholders.${field.name}`)} autoComplete="off" />
          </Form.Item>
        ))}
      </Form>
    </>
  );
}

export default function BankCardPage() {
  return <CardPage kind="bank" />;
}
