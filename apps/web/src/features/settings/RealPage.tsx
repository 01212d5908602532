import { ID_TYPES, type IdType, isValidDocumentNumber, realNameRule } from '@openbourse/core';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, ImageUploader, type ImageUploadItem, List, NoticeBar, Result, Selector, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { t as translate } from '../../shared/i18n/index.ts';
import { formatDateTime } from '../../shared/time.ts';
import { zodRule } from '../../shared/ui/form-rules.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type RealState, refreshUser, settingsApi, useRealState } from './api.ts';
import { LevelLimits, TestIdInput, toastMessage, VerificationBadge } from './components.tsx';
import { checkImage } from '../../shared/ui/images.ts';

/** Identity verification: the current level and state, and the form for the next level. */
export default function RealPage() {
  const { t } = useTranslation('settings');
  const { data } = useRealState();
  return (
    <>
      <PageHeader title={t('real.title')} fallback="/pages/setting/setting" />
      {data ? <RealContent state={data} /> : <Skeleton.Paragraph lineCount={10} animated className="content-skeleton" />}
    </>
  );
}

function RealContent({ state }: { state: RealState }) {
  const { t } = useTranslation('settings');
  const bound = state.email_bound && state.phone_bound;
  const inReview = state.state === 'review';
  return (
    <>
      <StateCard state={state} />
      {!bound && state.level < 2 ? (
        <NoticeBar
          color="alert"
          wrap
          className="settings-notice"
          data-testid="real-bind-first"
          content={
            <span>
              {t('real.bindFirst')}{' '}
              <Link to="/pages/setting/security" className="settings-notice__link">
                {t('real.goBind')}
              </Link>
            </span>
          }
        />
      ) : null}

      {inReview ? (
        <Result
          status="waiting"
          className="settings-result"
          title={t('real.reviewTitle')}
          description={t('real.reviewDescription', { level: t(`common:verification.levels.${state.pending_level ?? state.level + 1}`) })}
        />
      ) : null}
      {state.level >= 2 ? <Result status="success" className="settings-result" title={t('real.doneTitle')} description={t('real.doneDescription')} /> : null}

      {bound && !inReview && state.level === 0 ? (
        <section className="settings-section">
          <h2 className="settings-section__title">{t('real.lv1Title')}</h2>
          <Lv1Form />
        </section>
      ) : null}
      {bound && !inReview && state.level === 1 ? (
        <section className="settings-section">
          <h2 className="settings-section__title">{t('real.lv2Title')}</h2>
          <div className="settings-intro muted">{t('real.lv2Intro')}</div>
          <Lv2Form />
        </section>
      ) : null}

      {state.lv1.state === 'verified' ? <VerifiedIdentity state={state} /> : null}

      <section className="settings-section">
        <h2 className="settings-section__title">{t('real.limitsTitle')}</h2>
        <LevelLimits current={state.level} />
      </section>
    </>
  );
}

function StateCard({ state }: { state: RealState }) {
  const { t } = useTranslation('settings');
  return (
    <div className="settings-state" data-testid="real-state" data-level={state.level} data-state={state.state}>
      <div className="settings-state__label muted">{t('real.currentLevel')}</div>
      <div className="settings-state__level">{state.level > 0 ? t(`common:verification.levels.${state.level}`) : t('common:verification.states.none')}</div>
      <VerificationBadge verification={state} />
      {state.state === 'failed' ? (
        <div className="settings-state__reason" data-testid="real-reason">
          <div>{t('real.failedLevel', { level: t(`common:verification.levels.${state.pending_level ?? state.level + 1}`) })}</div>
          {state.reason ? <div>{t('real.reason', { reason: state.reason })}</div> : null}
        </div>
      ) : null}
    </div>
  );
}

function VerifiedIdentity({ state }: { state: RealState }) {
  const { t } = useTranslation('settings');
  const { lv1 } = state;
  return (
    <List className="settings-list" mode="card" header={t('real.identityTitle')}>
      {lv1.id_type ? <List.Item extra={t(`common:verification.idTypes.${lv1.id_type}`)}>{t('real.idType')}</List.Item> : null}
      {lv1.name ? <List.Item extra={lv1.name}>{t('real.name')}</List.Item> : null}
      {lv1.card_id ? <List.Item extra={lv1.card_id}>{t('real.cardId')}</List.Item> : null}
      {lv1.reviewed_at ? <List.Item extra={formatDateTime(lv1.reviewed_at)}>{t('real.verifiedAt')}</List.Item> : null}
      {state.lv2.state === 'verified' ? (
        <List.Item
          extra={
            <Tag color="success" fill="outline">
              {t('common:verification.states.verified')}
            </Tag>
          }
        >
          {t('common:verification.levels.2')}
        </List.Item>
      ) : null}
    </List>
  );
}

interface PictureFieldProps {
  testId: string;
  value?: ImageUploadItem[];
  onChange?(items: ImageUploadItem[]): void;
  hint: string;
}

/** One document picture; the file input sits inside the element carrying the test id. */
function PictureField({ testId, value = [], onChange, hint }: PictureFieldProps) {
  return (
    <div data-testid={testId} className="settings-picture">
      <ImageUploader
        value={value}
        onChange={onChange}
        upload={async (file) => ({ url: await settingsApi.uploadIdentity(file) })}
        beforeUpload={checkImage}
        maxCount={1}
        accept="image/jpeg,image/png,image/gif,image/webp"
        style={{ '--cell-size': '140px' }}
      />
      <div className="settings-picture__hint muted">{hint}</div>
    </div>
  );
}

function pictureRule(messageKey: 'frontPicture' | 'reversePicture') {
  return {
    validator: async (_: unknown, value: ImageUploadItem[] | undefined) => {
      if (!value?.[0]?.url) throw new Error(translate(`common:validation.${messageKey}`));
    },
  };
}

interface Lv1Values {
  id_type: IdType[];
  name: string;
  card_id: string;
  front_pic: ImageUploadItem[];
}

/** Lv1: document type, real name, document number (ID cards checked digit by digit) and the front picture. */
export function Lv1Form() {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<Lv1Values>();
  const idTypeOf = (): IdType => (form.getFieldValue('id_type') as IdType[] | undefined)?.[0] ?? ID_TYPES.idCard;

  const cardIdRule = {
    validator: async (_: unknown, value: string | undefined) => {
      if (!value?.trim()) throw new Error(translate('common:validation.required', { field: translate('common:fields.card_id') }));
      const idType = idTypeOf();
      if (!isValidDocumentNumber(idType, value.trim().toUpperCase())) throw new Error(translate(idType === ID_TYPES.idCard ? 'common:validation.idCard' : 'common:validation.documentNumber'));
    },
  };

  const submit = useMutation({
    mutationFn: (values: Lv1Values) =>
      settingsApi.submitLv1({
        id_type: values.id_type[0] ?? ID_TYPES.idCard,
        name: values.name.trim(),
        card_id: values.card_id.trim().toUpperCase(),
        front_pic: values.front_pic[0]?.url ?? '',
      }),
    onSuccess: async (message) => {
      toastMessage(message);
      await refreshUser();
    },
  });

  const idTypes = ([ID_TYPES.idCard, ID_TYPES.passport, ID_TYPES.drivingLicence] as const).map((value) => ({ value, label: t(`common:verification.idTypes.${value}`) }));

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMarkStyle="none"
      mode="card"
      initialValues={{ id_type: [ID_TYPES.idCard], front_pic: [] }}
      onFinish={(values: Lv1Values) => submit.mutate(values)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={submit.isPending} data-testid="real-submit">
          {t('real.submit')}
        </Button>
      }
    >
      <Form.Item name="id_type" label={t('real.idType')} rules={[{ required: true, type: 'array', min: 1, message: translate('common:validation.required', { field: translate('common:fields.id_type') }) }]}>
        <Selector options={idTypes} columns={3} className="settings-selector" data-testid="real-id-type" />
      </Form.Item>
      <Form.Item name="name" label={t('real.name')} rules={[zodRule(realNameRule, undefined, 'name')]}>
        <TestIdInput testId="real-name" placeholder={t('real.namePlaceholder')} maxLength={50} autoComplete="name" clearable />
      </Form.Item>
      <Form.Item name="card_id" label={t('real.cardId')} dependencies={['id_type']} rules={[cardIdRule]}>
        <TestIdInput testId="real-card-id" placeholder={t('real.cardIdPlaceholder')} maxLength={30} clearable />
      </Form.Item>
      <Form.Item name="front_pic" label={t('real.frontPic')} rules={[pictureRule('frontPicture')]}>
        <PictureField testId="real-front" hint={t('real.uploadHint')} />
      </Form.Item>
    </Form>
  );
}

interface Lv2Values {
  front_pic: ImageUploadItem[];
  reverse_pic: ImageUploadItem[];
}

/** Lv2: both sides of the document. */
export function Lv2Form() {
  const { t } = useTranslation('settings');
  const submit = useMutation({
    mutationFn: (values: Lv2Values) => settingsApi.submitLv2({ front_pic: values.front_pic[0]?.url ?? '', reverse_pic: values.reverse_pic[0]?.url ?? '' }),
    onSuccess: async (message) => {
      toastMessage(message);
      await refreshUser();
    },
  });
  return (
    <Form
      layout="vertical"
      requiredMarkStyle="none"
      mode="card"
      initialValues={{ front_pic: [], reverse_pic: [] }}
      onFinish={(values: Lv2Values) => submit.mutate(values)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={submit.isPending} data-testid="real-submit">
          {t('real.submit')}
        </Button>
      }
    >
      <Form.Item name="front_pic" label={t('real.frontPic')} rules={[pictureRule('frontPicture')]}>
        <PictureField testId="real-front" hint={t('real.uploadHint')} />
      </Form.Item>
      <Form.Item name="reverse_pic" label={t('real.backPic')} rules={[pictureRule('reversePicture')]}>
        <PictureField testId="real-back" hint={t('real.uploadHint')} />
      </Form.Item>
    </Form>
  );
}
