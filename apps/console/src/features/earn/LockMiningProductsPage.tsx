import { Alert, Flex, Form, Input, InputNumber, Select, Switch, Tag, } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime, trimZeros } from '../../shared/format.ts';
import { EditableListPage } from '../../shared/EditableListPage.tsx';
import { useCan } from '../../shared/session.ts';
import { type LockMiningProduct, useEarnList, useSaveEarn } from './api.ts';

type Values = Omit<LockMiningProduct, 'id' | 'seed_key' | 'running_orders' | 'locked' | 'updated_at'>;

const BLANK: Values = { currency: 'USDT', lock_days: 7, rate_min_percent: '0.3', rate_max_percent: '0.4', min_amount: '100', max_per_user: '50000', penalty_percent: '0.4', dividend_time: '00:00', enabled: true, sort: 0 };

/** Lock-mining products: terms, what is locked in them, and an editor (admins). */
export default function LockMiningProductsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useEarnList<LockMiningProduct>('lock-mining');
  const save = useSaveEarn<LockMiningProduct>('lock-mining');
  return (
    <EditableListPage<LockMiningProduct, Values>
      title={t('earn.lockMining.title')}
      intro={t('earn.lockMining.intro')}
      testId="earn-lock-mining"
      testIdPrefix="earn"
      texts="earn"
      rows={list.data}
      loading={list.isFetching}
      canEdit={can('earn.edit')}
      columns={[
        { title: t('columns.id'), dataIndex: 'id', width: 64 },
        { title: t('columns.currency'), dataIndex: 'currency' },
        { title: t('earn.lockMining.days'), dataIndex: 'lock_days' },
        { title: t('earn.lockMining.rate'), render: (_, row) => `${row.rate_min_percent}% – ${row.rate_max_percent}%` },
        { title: t('earn.lockMining.minAmount'), dataIndex: 'min_amount', render: trimZeros },
        { title: t('earn.lockMining.maxPerUser'), dataIndex: 'max_per_user', render: trimZeros },
        { title: t('earn.lockMining.penalty'), render: (_, row) => `${row.penalty_percent}%` },
        { title: t('earn.lockMining.dividendTime'), render: (_, row) => `${row.dividend_time} UTC` },
        { title: t('earn.lockMining.locked'), render: (_, row) => `${trimZeros(row.locked)} (${row.running_orders})` },
        { title: t('columns.status'), dataIndex: 'enabled', render: (enabled: boolean) => (enabled ? <Tag color="success">{t('earn.onSale')}</Tag> : <Tag>{t('earn.off')}</Tag>) },
        { title: t('earn.updated'), dataIndex: 'updated_at', render: (time: number) => formatTime(time) },
      ]}
      editorTitle={(editing) => (editing === 'new' ? t('earn.lockMining.newTitle') : t('earn.lockMining.editTitle', { id: editing.id }))}
      initialValues={(editing) => (editing === 'new' ? BLANK : { ...editing, min_amount: trimZeros(editing.min_amount), max_per_user: trimZeros(editing.max_per_user) })}
      saving={save.isPending}
      onSave={(editing, values) => save.mutateAsync({ id: editing === 'new' ? null : editing.id, doc: values })}
      note={() => <Alert type="info" showIcon message={t('earn.lockMining.editNote')} style={{ marginBottom: 16 }} />}
    >
      {() => (
        <>
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
        </>
      )}
    </EditableListPage>
  );
}
