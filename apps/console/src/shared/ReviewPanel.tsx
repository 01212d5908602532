import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Card, Descriptions, Input, Modal, Popconfirm, Radio, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, get, post } from './api.ts';
import { formatTime } from './format.ts';
import type { QueueItem } from './QueueLayout.tsx';
import { refreshQueue } from './queries.ts';
import { type Permission, useCan } from './session.ts';

/** One decision on a queue item: POST /api/console/queues/<key>/<id>/<path> with the body, then `done` is shown. */
export interface Decision {
  path: string;
  body?: object;
  done: string;
}

/** Sends a decision; resolves true once it is taken (a refusal has then been shown and resolves false). */
export type Decide = (decision: Decision) => Promise<boolean>;

/** What a detail's decision buttons work with. */
export interface Review<Item> {
  item: Item;
  /** The queue's console text group, e.g. `deposits`: `<texts>.approve`, `.approved`, `.reject`, `.rejectTitle`, `.rejectHint`, `.rejected`. */
  texts: string;
  /** Prefix of the test ids: `<testId>-approve`, `<testId>-reject`, `<testId>-reject-confirm`, `<testId>-reject-reason`. */
  testId: string;
  decide: Decide;
  /** True while a decision is on its way. */
  pending: boolean;
}

export interface ReviewPanelProps<Item extends QueueItem> {
  /** The server queue's key: the item is GET /api/console/queues/<key>/<id>, deciding needs `<key>.decide`. */
  queueKey: string;
  id: number;
  /** From QueueLayout's `renderDetail`: refreshes the list and moves on. */
  onDecided: () => void;
  /** The queue's console text group: the title is `<texts>.request` (with `{{id}}`), the status `<texts>.status.<status>`. */
  texts: string;
  /** Prefix of the test ids: the panel is `<testId>-detail`. */
  testId: string;
  statusColours: Record<string, string>;
  /** The status items wait in for a decision; `review` unless the queue names another. */
  waitingStatus?: string;
  /** The decision buttons (ApproveButton, RejectWithReason, DialogDecision), shown while the item waits and this operator may decide. */
  actions: (review: Review<Item>) => ReactNode;
  /** Everything needed to decide: the item's facts, pictures, the user, history. */
  children: (item: Item) => ReactNode;
}

/**
 * The frame every review queue's detail shares: it loads the item, shows its
 * title and status, offers the decision buttons only while the item waits
 * and the operator holds the queue's decide permission, sends a decision and
 * reports it, then lets the queue move on.
 */
export function ReviewPanel<Item extends QueueItem>({ queueKey, id, onDecided, texts, testId, statusColours, waitingStatus = 'review', actions, children }: ReviewPanelProps<Item>) {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const client = useQueryClient();
  const request = useQuery({ queryKey: ['queue-item', queueKey, id], queryFn: () => get<Item>(`/queues/${queueKey}/${id}`) });
  const mutation = useMutation({
    mutationFn: ({ path, body }: Decision) => post(`/queues/${queueKey}/${id}/${path}`, body),
    onSuccess: (_, { done }) => {
      void message.success(done);
      onDecided();
    },
    onError: (error) => {
      void message.error(error instanceof ApiError ? error.message : String(error));
      // Refused most often because the item was decided elsewhere (another tab, another operator): show it as it now stands.
      refreshQueue(client, queueKey);
    },
  });
  const decide: Decide = (decision) =>
    mutation.mutateAsync(decision).then(
      () => true,
      () => false,
    );

  const item = request.data;
  if (!item) return <Card loading={request.isLoading}>{request.error instanceof ApiError && request.error.message}</Card>;
  const deciding = item.status === waitingStatus && can(`${queueKey}.decide` as Permission);

  return (
    <Card
      title={
        <Space>
          {t(`${texts}.request`, { id: item.id })}
          <Tag color={statusColours[item.status]}>{t(`${texts}.status.${item.status}`)}</Tag>
        </Space>
      }
      extra={deciding && <Space>{actions({ item, texts, testId, decide, pending: mutation.isPending })}</Space>}
      data-testid={`${testId}-detail`}
    >
      {children(item)}
    </Card>
  );
}

/** Approving after one confirmation that names what is approved (an amount, a level): `<texts>.approve`, then `<texts>.approved`. */
export function ApproveButton<Item>({ review, confirm }: { review: Review<Item>; confirm: string }) {
  const { t } = useTranslation();
  const label = t(`${review.texts}.approve`);
  return (
    <Popconfirm title={confirm} onConfirm={() => void review.decide({ path: 'approve', done: t(`${review.texts}.approved`) })} okText={label} cancelText={t('actions.cancel')}>
      <Button type="primary" loading={review.pending} data-testid={`${review.testId}-approve`}>
        {label}
      </Button>
    </Popconfirm>
  );
}

/** A listed refusal reason of a queue item's gate: its code and its text in the operator's language. */
export interface RejectReason {
  code: string;
  text: string;
}

const OTHER_REASON = 'other';

/**
 * Rejecting with a listed reason (POST …/reject `{ reason_code }`, the user
 * reads it in their own language) or, under "other", a written one
 * (`{ reason }`, read as written). The item lists its gate's reasons in
 * `reject_reasons`.
 */
export function RejectWithReason<Item extends { reject_reasons: RejectReason[] }>({ review }: { review: Review<Item> }) {
  const { t } = useTranslation();
  const [code, setCode] = useState<string | null>(null);
  const [written, setWritten] = useState('');
  const { texts, testId } = review;
  const body = code === OTHER_REASON ? { reason: written.trim() } : { reason_code: code };
  return (
    <DialogDecision
      danger
      label={t(`${texts}.reject`)}
      title={t(`${texts}.rejectTitle`)}
      hint={t(`${texts}.rejectHint`)}
      testId={`${testId}-reject`}
      confirmTestId={`${testId}-reject-confirm`}
      ready={code !== null && (code !== OTHER_REASON || written.trim() !== '')}
      pending={review.pending}
      onConfirm={() => review.decide({ path: 'reject', body, done: t(`${texts}.rejected`) })}
    >
      <Radio.Group value={code} onChange={(event) => setCode(event.target.value)} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        {review.item.reject_reasons.map((reason) => (
          <Radio key={reason.code} value={reason.code} data-testid={`reject-reason-${reason.code}`}>
            {reason.text}
          </Radio>
        ))}
        <Radio value={OTHER_REASON} data-testid="reject-reason-other">
          {t('queues.otherReason')}
        </Radio>
      </Radio.Group>
      {code === OTHER_REASON && (
        <Input.TextArea value={written} onChange={(event) => setWritten(event.target.value)} maxLength={200} showCount rows={3} style={{ marginTop: 12 }} data-testid={`${testId}-reject-reason`} />
      )}
    </DialogDecision>
  );
}

export interface DialogDecisionProps {
  /** The button's text, also the dialog's confirm button. */
  label: string;
  title: string;
  hint: string;
  /** A refusal (red buttons) rather than an approval. */
  danger?: boolean;
  testId: string;
  confirmTestId: string;
  /** Whether what was entered is enough to confirm. */
  ready: boolean;
  pending: boolean;
  /** Sends the decision; the dialog closes once it is taken and stays open on a refusal. */
  onConfirm: () => Promise<boolean>;
  /** The field(s) the decision needs: a reason, a payout reference. */
  children: ReactNode;
}

/** A decision that needs words first (a reason to reject, a payout's reference): its button and its dialog. */
export function DialogDecision({ label, title, hint, danger = false, testId, confirmTestId, ready, pending, onConfirm, children }: DialogDecisionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    if (await onConfirm()) setOpen(false);
  };
  return (
    <>
      <Button type={danger ? 'default' : 'primary'} danger={danger} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
      <Modal
        open={open}
        title={title}
        okText={label}
        okButtonProps={{ danger, disabled: !ready, loading: pending, 'data-testid': confirmTestId } as ButtonProps}
        cancelText={t('actions.cancel')}
        onOk={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
        {children}
      </Modal>
    </>
  );
}

/** Earlier items of the same user under a heading, when there are any. */
export function ReviewHistory<Row extends { id: number }>({ title, rows, columns }: { title: string; rows: Row[]; columns: ColumnsType<Row> }) {
  if (rows.length === 0) return null;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {title}
      </Typography.Title>
      <Table<Row> size="small" rowKey="id" pagination={false} dataSource={rows} columns={columns} />
    </>
  );
}

/** The user behind a queue item, as the queues' detail answers name them. */
export interface ReviewUser {
  id: number;
  nickname: string;
  email: string | null;
  phone: string | null;
  area_code?: string | null;
  verification_level?: number;
  frozen: boolean;
  created_at?: number;
}

/** A link to the user's page, with their verification level when `level`, and a frozen mark. */
export function UserLink({ user, level = true }: { user: ReviewUser; level?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to={`/users/${user.id}`}>{`#${user.id} ${user.nickname}`}</Link>
      {level && <Tag style={{ marginLeft: 8 }}>{`Lv${user.verification_level}`}</Tag>}
      {user.frozen && (
        <Tag color="error" style={level ? undefined : { marginLeft: 8 }}>
          {t('users.frozen')}
        </Tag>
      )}
    </>
  );
}

/**
 * The user's rows in a detail's Descriptions: the link, email, phone, and
 * when they registered when `registered`. A function, not a component:
 * Descriptions reads its items from its direct children.
 */
export function userFacts(user: ReviewUser, t: (key: string) => string, { level = true, registered = false }: { level?: boolean; registered?: boolean } = {}): ReactNode {
  return (
    <>
      <Descriptions.Item label={t('columns.user')}>
        <UserLink user={user} level={level} />
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.email')}>{user.email ?? '–'}</Descriptions.Item>
      <Descriptions.Item label={t('columns.phone')}>{user.phone ? `+${user.area_code ?? ''} ${user.phone}` : '–'}</Descriptions.Item>
      {registered && <Descriptions.Item label={t('users.registered')}>{formatTime(user.created_at)}</Descriptions.Item>}
    </>
  );
}
