import { App, Button, Card, Flex, Form, Input, InputNumber, Popconfirm, Select, Tag, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { PagedTable } from '../../shared/PagedTable.tsx';
import { useCan } from '../../shared/session.ts';

interface IssuedCoupon {
  id: number;
  user_id: number;
  user: string;
  kind: 'fee' | 'voucher';
  status: 'available' | 'used' | 'expired' | 'revoked';
  face_value: string;
  remaining: string;
  valid_until: number;
  source: 'task' | 'admin';
  task: string | null;
  issued_by: string | null;
  uses: number;
}

interface IssueValues {
  user: string;
  kind: 'fee' | 'voucher';
  face_value: string;
  valid_days: number;
}

const STATUS_COLOURS: Record<IssuedCoupon['status'], string> = { available: 'success', used: 'processing', expired: 'default', revoked: 'error' };

/** Coupons given to users: issue one (admins), list them by user, revoke one not yet used; every change is audited by the server. */
export default function CouponsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<IssueValues>();
  const [user, setUser] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/coupons'] });
  const issue = useMutation({
    mutationFn: (values: IssueValues) => post<{ id: number }>('/coupons', values),
    onSuccess: () => {
      message.success(t('coupons.issued'));
      form.resetFields(['face_value']);
      void refresh();
    },
    onError: (error) => message.error(error.message),
  });
  const revoke = useMutation({
    mutationFn: (id: number) => post(`/coupons/${id}/revoke`),
    onSuccess: () => {
      message.success(t('coupons.revoked'));
      void refresh();
    },
    onError: (error) => message.error(error.message),
  });

  return (
    <Flex vertical gap={16} data-testid="coupons-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('coupons.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('coupons.intro')}
      </Typography.Paragraph>
      {can('coupons.issue') ? (
        <Card title={t('coupons.issueTitle')}>
          <Form<IssueValues> form={form} layout="inline" initialValues={{ kind: 'fee', valid_days: 30 }} onFinish={(values) => issue.mutate({ ...values, face_value: String(values.face_value) })}>
            <Form.Item name="user" label={t('columns.user')} rules={[{ required: true }]}>
              <Input placeholder={t('coupons.userPlaceholder')} style={{ width: 240 }} data-testid="coupon-user" />
            </Form.Item>
            <Form.Item name="kind" label={t('coupons.kind')}>
              <Select style={{ width: 180 }} options={[{ value: 'fee', label: t('coupons.kinds.fee') }, { value: 'voucher', label: t('coupons.kinds.voucher') }]} />
            </Form.Item>
            <Form.Item name="face_value" label={t('coupons.faceValue')} rules={[{ required: true }, { pattern: /^\d{1,9}(\.\d{1,6})?$/, message: t('coupons.faceValueRule') }]}>
              <Input suffix="USDT" style={{ width: 160 }} data-testid="coupon-face-value" />
            </Form.Item>
            <Form.Item name="valid_days" label={t('coupons.validDays')} rules={[{ required: true }]}>
              <InputNumber min={1} max={365} precision={0} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={issue.isPending} data-testid="coupon-issue">
              {t('coupons.issue')}
            </Button>
          </Form>
        </Card>
      ) : null}
      <Input.Search placeholder={t('coupons.filterPlaceholder')} allowClear onSearch={(value) => setUser(value.trim())} style={{ maxWidth: 360 }} />
      <Card styles={{ body: { padding: 0 } }}>
        <PagedTable<IssuedCoupon>
          path="/coupons"
          query={{ user: user || undefined }}
          rowKey="id"
          columns={[
            { title: t('columns.id'), dataIndex: 'id', width: 64 },
            { title: t('columns.user'), dataIndex: 'user' },
            { title: t('coupons.kind'), dataIndex: 'kind', render: (kind: IssuedCoupon['kind']) => t(`coupons.kinds.${kind}`) },
            { title: t('coupons.faceValue'), render: (_, row) => `${row.face_value} USDT` },
            { title: t('coupons.remaining'), dataIndex: 'remaining' },
            { title: t('columns.status'), dataIndex: 'status', render: (status: IssuedCoupon['status']) => <Tag color={STATUS_COLOURS[status]}>{t(`coupons.statuses.${status}`)}</Tag> },
            { title: t('coupons.validUntil'), dataIndex: 'valid_until', render: (time: number) => formatTime(time) },
            { title: t('coupons.source'), render: (_, row) => (row.source === 'task' ? t('coupons.fromTask', { task: row.task ?? '' }) : (row.issued_by ?? '')) },
            ...(can('coupons.issue')
              ? [
                  {
                    title: '',
                    width: 96,
                    render: (_: unknown, row: IssuedCoupon) =>
                      row.status === 'available' && row.uses === 0 ? (
                        <Popconfirm title={t('coupons.revokeConfirm')} onConfirm={() => revoke.mutate(row.id)}>
                          <Button size="small" danger data-testid={`coupon-revoke-${row.id}`}>
                            {t('coupons.revoke')}
                          </Button>
                        </Popconfirm>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </Flex>
  );
}
