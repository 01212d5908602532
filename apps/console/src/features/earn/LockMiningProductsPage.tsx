import { Alert, Button, Card, Flex, Form, Input, InputNumber, Select, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { useCan } from '../../shared/session.ts';
import { type LockMiningProduct, plain, useEarnList, useSaveEarn } from './api.ts';
import { EarnEditor } from './EarnEditor.tsx';

type Values = Omit<LockMiningProduct, 'id' | 'seed_key' | 'running_orders' | 'locked' | 'updated_at'>;

const BLANK: Values = { currency: 'USDT', lock_days: 7, rate_min_percent: '0.3', rate_max_percent: '0.4', min_amount: '100', max_per_user: '50000', penalty_percent: '0.4', dividend_time: '00:00', enabled: true, sort: 0 };

/** Lock-mining products: terms, what is locked in them, and an editor (admins). */
export default function LockMiningProductsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useEarnList<LockMiningProduct>('lock-mining');
  const save = useSaveEarn<LockMiningProduct>('lock-mining');
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<LockMiningProduct | 'new' | null>(null);

  const open = (product: LockMiningProduct | 'new') => {
    setEditing(product);
  };

  return (
    <Flex vertical gap={16} data-testid="earn-lock-mining">
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('earn.lockMining.title')}
        </Typography.Title>
        {can('earn.edit') ? (
          <Button type="primary" onClick={() => open('new')} data-testid="earn-new">
            {t('earn.new')}
          </Button>
        ) : null}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('earn.lockMining.intro')}
      </Typography.Paragraph>
      <Card styles={{ body: { padding: 0 } }}>
        <Table<LockMiningProduct>
          rowKey="id"
          dataSource={list.data}
          loading={list.isFetching}
          pagination={false}
          columns={[
            { title: t('columns.id'), dataIndex: 'id', width: 64 },
            { title: t('columns.currency'), dataIndex: 'currency' },
            { title: t('earn.lockMining.days'), dataIndex: 'lock_days' },
            { title: t('earn.lockMining.rate'), render: (_, row) => `${row.rate_min_percent}% – ${row.rate_max_percent}%` },
            { title: t('earn.lockMining.minAmount'), dataIndex: 'min_amount', render: plain },
            { title: t('earn.lockMining.maxPerUser'), dataIndex: 'max_per_user', render: plain },
            { title: t('earn.lockMining.penalty'), render: (_, row) => `${row.penalty_percent}%` },
            { title: t('earn.lockMining.dividendTime'), render: (_, row) => `${row.dividend_time} UTC` },
            { title: t('earn.lockMining.locked'), render: (_, row) => `${plain(row.locked)} (${row.running_orders})` },
            { title: t('columns.status'), dataIndex: 'enabled', render: (enabled: boolean) => (enabled ? <Tag color="success">{t('earn.onSale')}</Tag> : <Tag>{t('earn.off')}</Tag>) },
            { title: t('earn.updated'), dataIndex: 'updated_at', render: (time: number) => formatTime(time) },
            ...(can('earn.edit')
              ? [{ title: '', width: 80, render: (_: unknown, row: LockMiningProduct) => <Button size="small" onClick={() => open(row)} data-testid={`earn-edit-${row.id}`}>{t('earn.edit')}</Button> }]
              : []),
          ]}
        />
      </Card>
      <EarnEditor<Values>
        title={editing === 'new' ? t('earn.lockMining.newTitle') : t('earn.lockMining.editTitle', { id: editing?.id ?? '' })}
        open={editing !== null}
        form={form}
        initialValues={editing === null ? undefined : editing === 'new' ? BLANK : { ...editing, min_amount: plain(editing.min_amount), max_per_user: plain(editing.max_per_user) }}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(values) => save.mutateAsync({ id: editing === 'new' || editing === null ? null : editing.id, doc: values })}
        note={<Alert type="info" showIcon message={t('earn.lockMining.editNote')} style={{ marginBottom: 16 }} />}
      >
        <Form.Item name="currency" label={t('columns.currency')} rules={[{ required: true }]}>
          <Select options={['USDT', 'BTC', 'ETH'].map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item name="lock_days" label={t('earn.lockMining.days')} rules={[{ required: true }]}>
          <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item name="rate_min_percent" label={t('earn.lockMining.rateMin')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Input suffix="%" />
          </Form.Item>
          <Form.Item name="rate_max_percent" label={t('earn.lockMining.rateMax')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Input suffix="%" />
          </Form.Item>
        </Flex>
        <Flex gap={12}>
          <Form.Item name="min_amount" label={t('earn.lockMining.minAmount')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Input />
          </Form.Item>
          <Form.Item name="max_per_user" label={t('earn.lockMining.maxPerUser')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Input />
          </Form.Item>
        </Flex>
        <Flex gap={12}>
          <Form.Item name="penalty_percent" label={t('earn.lockMining.penalty')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Input suffix="%" />
          </Form.Item>
          <Form.Item name="dividend_time" label={t('earn.lockMining.dividendTime')} rules={[{ required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/ }]} style={{ flex: 1 }}>
            <Input suffix="UTC" placeholder="00:00" />
          </Form.Item>
        </Flex>
        <Flex gap={12}>
          <Form.Item name="sort" label={t('earn.sort')} style={{ flex: 1 }}>
            <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="enabled" label={t('earn.onSale')} valuePropName="checked" style={{ flex: 1 }}>
            <Switch />
          </Form.Item>
        </Flex>
      </EarnEditor>
    </Flex>
  );
}
