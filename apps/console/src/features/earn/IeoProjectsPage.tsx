import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@openbourse/i18n';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Select, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { useCan } from '../../shared/session.ts';
import { fromLocalInput, type IeoProject, plain, toLocalInput, useEarnList, useSaveEarn } from './api.ts';
import { EarnEditor } from './EarnEditor.tsx';

interface Values {
  token_symbol: string;
  token_name: string;
  token_scale: number;
  texts: Record<Language, { name: string; description: string }>;
  prices: { currency: string; price: string }[];
  total_issuance: string;
  min_per_user: string;
  max_per_user: string;
  subscribe_start: string;
  subscribe_end: string;
  lock_days: number;
  whitepaper: string;
  website: string;
  sort: number;
}

const DAY_MS = 86_400_000;

function statusOf(project: IeoProject, now: number): 'warmup' | 'in_progress' | 'finished' {
  if (now < project.subscribe_start) return 'warmup';
  return now < project.subscribe_end ? 'in_progress' : 'finished';
}

function valuesOf(project: IeoProject | 'new'): Values {
  if (project === 'new') {
    const start = Date.now() + DAY_MS;
    return {
      token_symbol: '',
      token_name: '',
      token_scale: 4,
      texts: Object.fromEntries(LANGUAGES.map((language) => [language.code, { name: '', description: '' }])) as Values['texts'],
      prices: [{ currency: 'USDT', price: '' }],
      total_issuance: '',
      min_per_user: '',
      max_per_user: '',
      subscribe_start: toLocalInput(start),
      subscribe_end: toLocalInput(start + 5 * DAY_MS),
      lock_days: 30,
      whitepaper: '',
      website: '',
      sort: 0,
    };
  }
  return {
    ...project,
    total_issuance: plain(project.total_issuance),
    min_per_user: plain(project.min_per_user),
    max_per_user: plain(project.max_per_user),
    subscribe_start: toLocalInput(project.subscribe_start),
    subscribe_end: toLocalInput(project.subscribe_end),
  };
}

/** IEO projects: terms, subscriptions so far, and an editor (admins) with the texts in all ten languages. */
export default function IeoProjectsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useEarnList<IeoProject>('ieo');
  const save = useSaveEarn<IeoProject>('ieo');
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<IeoProject | 'new' | null>(null);
  const now = Date.now();
  const locked = editing !== null && editing !== 'new' && (now >= editing.subscribe_start || editing.orders > 0);

  const open = (project: IeoProject | 'new') => {
    setEditing(project);
  };

  return (
    <Flex vertical gap={16} data-testid="earn-ieo">
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('earn.ieo.title')}
        </Typography.Title>
        {can('earn.edit') ? (
          <Button type="primary" onClick={() => open('new')} data-testid="earn-new">
            {t('earn.new')}
          </Button>
        ) : null}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('earn.ieo.intro')}
      </Typography.Paragraph>
      <Card styles={{ body: { padding: 0 } }}>
        <Table<IeoProject>
          rowKey="id"
          dataSource={list.data}
          loading={list.isFetching}
          pagination={false}
          columns={[
            { title: t('columns.id'), dataIndex: 'id', width: 64 },
            { title: t('earn.ieo.token'), render: (_, row) => `${row.token_symbol} · ${row.token_name}` },
            { title: t('earn.ieo.prices'), render: (_, row) => row.prices.map((entry) => `${entry.price} ${entry.currency}`).join(' / ') },
            { title: t('earn.ieo.issuance'), dataIndex: 'total_issuance', render: plain },
            { title: t('earn.ieo.committed'), render: (_, row) => `${plain(row.total_committed)} (${row.orders})` },
            { title: t('earn.ieo.window'), render: (_, row) => `${formatTime(row.subscribe_start)} – ${formatTime(row.subscribe_end)}` },
            { title: t('earn.ieo.lockDays'), dataIndex: 'lock_days' },
            {
              title: t('columns.status'),
              render: (_, row) => {
                const status = statusOf(row, now);
                return <Tag color={status === 'in_progress' ? 'success' : status === 'warmup' ? 'gold' : 'default'}>{t(`earn.ieo.status.${status}`)}</Tag>;
              },
            },
            ...(can('earn.edit')
              ? [{ title: '', width: 80, render: (_: unknown, row: IeoProject) => <Button size="small" onClick={() => open(row)} data-testid={`earn-edit-${row.id}`}>{t('earn.edit')}</Button> }]
              : []),
          ]}
        />
      </Card>
      <EarnEditor<Values>
        title={editing === 'new' ? t('earn.ieo.newTitle') : t('earn.ieo.editTitle', { id: editing?.id ?? '' })}
        open={editing !== null}
        form={form}
        initialValues={editing === null ? undefined : valuesOf(editing)}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(values) =>
          save.mutateAsync({
            id: editing === 'new' || editing === null ? null : editing.id,
            doc: { ...values, subscribe_start: fromLocalInput(values.subscribe_start), subscribe_end: fromLocalInput(values.subscribe_end) },
          })
        }
        note={<Alert type={locked ? 'warning' : 'info'} showIcon message={locked ? t('earn.ieo.lockedNote') : t('earn.ieo.editNote')} style={{ marginBottom: 16 }} />}
      >
        <Flex gap={12}>
          <Form.Item name="token_symbol" label={t('earn.ieo.symbol')} rules={[{ required: true, pattern: /^[A-Z0-9]{2,10}$/ }]} style={{ flex: 1 }}>
            <Input disabled={locked} />
          </Form.Item>
          <Form.Item name="token_name" label={t('earn.ieo.tokenName')} rules={[{ required: true }]} style={{ flex: 2 }}>
            <Input disabled={locked} />
          </Form.Item>
          <Form.Item name="token_scale" label={t('earn.ieo.scale')} rules={[{ required: true }]} style={{ width: 90 }}>
            <InputNumber min={0} max={8} precision={0} disabled={locked} />
          </Form.Item>
        </Flex>
        <Form.List name="prices">
          {(fields, { add, remove }) => (
            <Form.Item label={t('earn.ieo.prices')}>
              {fields.map((field) => (
                <Flex key={field.key} gap={8} align="baseline">
                  <Form.Item name={[field.name, 'currency']} rules={[{ required: true }]} style={{ width: 110 }}>
                    <Select disabled={locked} options={['USDT', 'BTC', 'ETH'].map((value) => ({ value, label: value }))} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'price']} rules={[{ required: true }]} style={{ flex: 1 }}>
                    <Input disabled={locked} placeholder={t('earn.ieo.pricePerToken')} />
                  </Form.Item>
                  {fields.length > 1 && !locked ? <MinusCircleOutlined onClick={() => remove(field.name)} /> : null}
                </Flex>
              ))}
              {!locked ? (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ currency: 'USDT', price: '' })}>
                  {t('earn.ieo.addPrice')}
                </Button>
              ) : null}
            </Form.Item>
          )}
        </Form.List>
        <Flex gap={12}>
          <Form.Item name="total_issuance" label={t('earn.ieo.issuance')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Input disabled={locked} />
          </Form.Item>
          <Form.Item name="min_per_user" label={t('earn.ieo.min')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Input disabled={locked} />
          </Form.Item>
          <Form.Item name="max_per_user" label={t('earn.ieo.max')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Input disabled={locked} />
          </Form.Item>
        </Flex>
        <Flex gap={12}>
          <Form.Item name="subscribe_start" label={t('earn.ieo.start')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Input type="datetime-local" disabled={locked} />
          </Form.Item>
          <Form.Item name="subscribe_end" label={t('earn.ieo.end')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Input type="datetime-local" disabled={locked} />
          </Form.Item>
          <Form.Item name="lock_days" label={t('earn.ieo.lockDays')} rules={[{ required: true }]} style={{ width: 110 }}>
            <InputNumber min={0} max={3650} precision={0} disabled={locked} />
          </Form.Item>
        </Flex>
        <Form.Item name="whitepaper" label={t('earn.ieo.whitepaper')} rules={[{ pattern: /^(https:\/\/\S+)?$/ }]}>
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="website" label={t('earn.ieo.website')} rules={[{ pattern: /^(https:\/\/\S+)?$/ }]}>
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="sort" label={t('earn.sort')}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
        <Typography.Text strong>{t('earn.ieo.texts')}</Typography.Text>
        <Tabs
          size="small"
          items={LANGUAGES.map((language) => ({
            key: language.code,
            label: language.nativeName,
            forceRender: true,
            children: (
              <>
                <Form.Item name={['texts', language.code, 'name']} label={t('earn.ieo.name')} rules={[{ required: true }]}>
                  <Input maxLength={80} />
                </Form.Item>
                <Form.Item name={['texts', language.code, 'description']} label={t('earn.ieo.description')} rules={[{ required: true }]}>
                  <Input.TextArea rows={4} maxLength={2000} />
                </Form.Item>
              </>
            ),
          }))}
        />
      </EarnEditor>
    </Flex>
  );
}
