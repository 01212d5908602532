import { Button, ImageUploader, type ImageUploadItem, NoticeBar, Selector, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from '../../shared/api/request.ts';
import { copyToClipboard } from '../../shared/ui/clipboard.ts';
import { checkImage } from '../../shared/ui/images.ts';
import { type ChainInfo, fundsApi } from './api.ts';
import { type SupportTopic, supportChatPath } from '../../shared/navigation.ts';

/** The chains of a coin as choices; nothing to choose when there is only one. */
export function ChainPicker({ chains, value, onChange }: { chains: ChainInfo[]; value: string | undefined; onChange(chain: string): void }) {
  const { t } = useTranslation('funds');
  if (chains.length < 2) return null;
  return (
    <div className="funds-chains" data-testid="chain-picker">
      <div className="funds-label">{t('chain.label')}</div>
      <Selector
        columns={Math.min(chains.length, 3)}
        value={value ? [value] : []}
        onChange={(values) => values[0] && onChange(values[0])}
        options={chains.map((chain) => ({ label: chain.chain, value: chain.chain, description: chain.network }))}
      />
    </div>
  );
}

/** A chain switched off by the operator, with the reason. */
export function SuspendedNotice({ chain }: { chain: ChainInfo }) {
  const { t } = useTranslation('funds');
  if (chain.enabled) return null;
  return <NoticeBar color="alert" wrap className="funds-notice" data-testid="chain-suspended" content={t('chain.suspended', { network: chain.network, reason: chain.reason ?? '' })} />;
}

/** A value with a copy button (addresses, tags, transaction ids). */
export function CopyValue({ label, value, testId, strong }: { label: ReactNode; value: string; testId: string; strong?: boolean }) {
  const { t } = useTranslation('funds');
  const copy = async () => {
    if (await copyToClipboard(value)) toast(t('shell:actions.copied'));
  };
  return (
    <div className="funds-copy">
      <div className="funds-label">{label}</div>
      <div className="funds-copy__row">
        <span className={`funds-copy__value${strong ? ' funds-copy__value--strong' : ''}`} data-testid={testId}>
          {value}
        </span>
        <Button size="mini" color="primary" fill="outline" onClick={() => void copy()} data-testid={`${testId}-copy`}>
          {t('actions.copy')}
        </Button>
      </div>
    </div>
  );
}

/** A label and a value on one line, for fees, limits and record details. */
export function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="funds-fact">
      <span className="funds-fact__label">{label}</span>
      <span className="funds-fact__value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

interface PictureFieldProps {
  testId: string;
  directory: 'voucher' | 'wallet';
  hint: string;
  value?: ImageUploadItem[];
  onChange?(items: ImageUploadItem[]): void;
}

/** One uploaded picture (a payment voucher, an address's QR code); the file input sits inside the element carrying the test id. */
export function PictureField({ testId, directory, hint, value = [], onChange }: PictureFieldProps) {
  return (
    <div data-testid={testId} className="funds-picture">
      <ImageUploader
        value={value}
        onChange={onChange}
        upload={async (file) => ({ url: await fundsApi.upload(file, directory) })}
        beforeUpload={checkImage}
        maxCount={1}
        accept="image/jpeg,image/png,image/gif,image/webp"
        style={{ '--cell-size': '120px' }}
      />
      <div className="funds-picture__hint muted">{hint}</div>
    </div>
  );
}

/** The form rule of a required picture. */
export function pictureRule(message: string) {
  return {
    validator: async (_: unknown, value: ImageUploadItem[] | undefined) => {
      if (!value?.[0]?.url) throw new Error(message);
    },
  };
}

const STATUS_COLOURS: Record<string, string> = {
  confirming: 'primary',
  review: 'warning',
  credited: 'success',
  paid: 'success',
  rejected: 'danger',
  below_minimum: 'warning',
};

export function StatusTag({ status, kind }: { status: string; kind: 'deposit' | 'withdrawal' }) {
  const { t } = useTranslation('funds');
  return (
    <Tag color={STATUS_COLOURS[status] ?? 'default'} fill="outline" data-testid="record-status" data-status={status}>
      {t(`records.${kind}Status.${status}`)}
    </Tag>
  );
}

/** "Contact customer service first" (spec 6) as guidance next to a form, never a block. */
export function KefuHint({ text, testId, topic }: { text: string; testId: string; topic: SupportTopic }) {
  const { t } = useTranslation('funds');
  return (
    <NoticeBar
      color="info"
      wrap
      className="funds-notice"
      data-testid={testId}
      content={
        <span>
          {text}{' '}
          <Link to={supportChatPath(topic)} className="funds-link">
            {t('actions.contactKefu')}
          </Link>
        </span>
      }
    />
  );
}
