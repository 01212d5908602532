import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@openbourse/i18n';
import { Alert, Button, Flex, Form, Input, InputNumber, Select, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime, trimZeros } from '../../shared/format.ts';
import { EditableListPage } from '../../shared/EditableListPage.tsx';
import { useCan } from '../../shared/session.ts';
import { fromLocalInput, type IeoProject, toLocalInput, useEarnList, useSaveEarn } from './api.ts';

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
    total_issuance: trimZeros(project.total_issuance),
    min_per_user: trimZeros(project.min_per_user),
    max_per_user: trimZeros(project.max_per_user),
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
  /** A project whose subscription has started, or that has orders, keeps its terms (decided on the server's clock). */
  const lockedOf = (editing: IeoProject | 'new') => editing !== 'new' && editing.terms_locked;
  return (
    <EditableListPage<IeoProject, Values>
      title={t('earn.ieo.title')}
      intro={t('earn.ieo.intro')}
      testId="earn-ieo"
      testIdPrefix="earn"
      texts="earn"
      rows={list.data}
      loading={list.isFetching}
      canEdit={can('earn.edit')}
      columns={[
        { title: t('columns.id'), dataIndex: 'id', width: 64 },
        { title: t('earn.ieo.token'), render: (_, row) => `${row.token_symbol} · ${row.token_name}` },
        { title: t('earn.ieo.prices'), render: (_, row) => row.prices.map((entry) => `${entry.price} ${entry.currency}`).join(' / ') },
        { title: t('earn.ieo.issuance'), dataIndex: 'total_issuance', render: trimZeros },
        { title: t('earn.ieo.committed'), render: (_, row) => `${trimZeros(row.total_committed)} (${row.orders})` },
        { title: t('earn.ieo.window'), render: (_, row) => `${formatTime(row.subscribe_start)} – ${formatTime(row.subscribe_end)}` },
        { title: t('earn.ieo.lockDays'), dataIndex: 'lock_days' },
        {
          title: t('columns.status'),
          render: (_, row) => <Tag color={row.status === 'in_progress' ? 'success' : row.status === 'warmup' ? 'gold' : 'default'}>{t(`earn.ieo.status.${row.status}`)}</Tag>,
        },
      ]}
      editorTitle={(editing) => (editing === 'new' ? t('earn.ieo.newTitle') : t('earn.ieo.editTitle', { id: editing.id }))}
      initialValues={valuesOf}
      saving={save.isPending}
      onSave={(editing, values) => save.mutateAsync({ id: editing === 'new' ? null : editing.id, doc: { ...values, subscribe_start: fromLocalInput(values.subscribe_start), subscribe_end: fromLocalInput(values.subscribe_end) } })}
      note={(editing) => <Alert type={lockedOf(editing) ? 'warning' : 'info'} showIcon message={lockedOf(editing) ? t('earn.ieo.lockedNote') : t('earn.ieo.editNote')} style={{ marginBottom: 16 }} />}
    >
      {(editing) => {
        const locked = lockedOf(editing);
        return (
          <>
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
                      <Form.Item name={[field.name, 'currency']} rules={[{ required: true }]} messageVariables={{ label: t('columns.currency') }} style={{ width: 110 }}>
                        <Select disabled={locked} options={['USDT', 'BTC', 'ETH'].map((value) => ({ value, label: value }))} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'price']} rules={[{ required: true }]} messageVariables={{ label: t('earn.ieo.pricePerToken') }} style={{ flex: 1 }}>
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
            {/* minWidth 0: a date-time input would otherwise keep its intrinsic width and push the lock days out of the drawer. */}
            <Flex gap={12}>
              <Form.Item name="subscribe_start" label={t('earn.ieo.start')} rules={[{ required: true }]} style={{ flex: 1, minWidth: 0 }}>
                <Input type="datetime-local" disabled={locked} />
              </Form.Item>
              <Form.Item name="subscribe_end" label={t('earn.ieo.end')} rules={[{ required: true }]} style={{ flex: 1, minWidth: 0 }}>
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
          </>
        );
      }}
    </EditableListPage>
  );
}
