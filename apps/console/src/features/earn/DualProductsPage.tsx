import { Alert, Flex, Form, Input, InputNumber, Select, Switch, Tag, } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime, trimZeros } from '../../shared/format.ts';
import { EditableListPage } from '../../shared/EditableListPage.tsx';
import { useCan } from '../../shared/session.ts';
import { type DualProduct, fromLocalInput, toLocalInput, useEarnList, useSaveEarn } from './api.ts';

interface Values {
  coin: string;
  direction: 'call' | 'put';
  linked_price: string;
  apr_percent: string;
  days: number;
  maturity_date: string;
  share: string;
  total_shares: number;
  sale_start: string;
  sale_end: string;
  enabled: boolean;
  sort: number;
}

const DAY_MS = 86_400_000;

function valuesOf(product: DualProduct | 'new'): Values {
  if (product === 'new') {
    const maturity = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);
    return { coin: 'BTC', direction: 'call', linked_price: '', apr_percent: '', days: 3, maturity_date: maturity, share: '0.001', total_shares: 1000, sale_start: toLocalInput(Date.now()), sale_end: toLocalInput(Date.parse(`${maturity}T07:00:00Z`)), enabled: true, sort: 0 };
  }
  return { ...product, share: trimZeros(product.share), sale_start: toLocalInput(product.sale_start), sale_end: toLocalInput(product.sale_end) };
}

/** Dual products: linked price, APR, maturity, shares sold, and an editor (admins). */
export default function DualProductsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useEarnList<DualProduct>('dual');
  const save = useSaveEarn<DualProduct>('dual');
  return (
    <EditableListPage<DualProduct, Values>
      title={t('earn.dual.title')}
      intro={t('earn.dual.intro')}
      testId="earn-dual"
      testIdPrefix="earn"
      texts="earn"
      rows={list.data}
      loading={list.isFetching}
      canEdit={can('earn.edit')}
      columns={[
        { title: t('columns.id'), dataIndex: 'id', width: 64 },
        { title: t('earn.dual.pair'), render: (_, row) => `${row.coin}/USDT` },
        { title: t('earn.dual.direction'), dataIndex: 'direction', render: (direction: 'call' | 'put') => <Tag color={direction === 'call' ? 'green' : 'red'}>{t(`earn.dual.${direction}`)}</Tag> },
        { title: t('earn.dual.linked'), dataIndex: 'linked_price' },
        { title: t('earn.dual.apr'), render: (_, row) => `${row.apr_percent}%` },
        { title: t('earn.dual.days'), dataIndex: 'days' },
        { title: t('earn.dual.maturity'), render: (_, row) => formatTime(row.maturity_at) },
        { title: t('earn.dual.share'), render: (_, row) => `${trimZeros(row.share)} ${row.invest_currency}` },
        { title: t('earn.dual.sold'), render: (_, row) => `${row.sold_shares} / ${row.total_shares}` },
        { title: t('earn.dual.saleEnd'), render: (_, row) => formatTime(row.sale_end) },
        { title: t('columns.status'), dataIndex: 'enabled', render: (enabled: boolean) => (enabled ? <Tag color="success">{t('earn.onSale')}</Tag> : <Tag>{t('earn.off')}</Tag>) },
      ]}
      editorTitle={(editing) => (editing === 'new' ? t('earn.dual.newTitle') : t('earn.dual.editTitle', { id: editing.id }))}
      initialValues={valuesOf}
      saving={save.isPending}
      onSave={(editing, values) => save.mutateAsync({ id: editing === 'new' ? null : editing.id, doc: { ...values, sale_start: fromLocalInput(values.sale_start), sale_end: fromLocalInput(values.sale_end) } })}
      note={() => <Alert type="info" showIcon message={t('earn.dual.editNote')} style={{ marginBottom: 16 }} />}
    >
      {() => (
        <>
          <Flex gap={12}>
            <Form.Item name="coin" label={t('earn.dual.coin')} rules={[{ required: true }]} style={{ flex: 1 }}>
              <Select options={['BTC', 'ETH'].map((value) => ({ value, label: value }))} />
            </Form.Item>
            <Form.Item name="direction" label={t('earn.dual.direction')} rules={[{ required: true }]} style={{ flex: 1 }}>
              <Select options={(['call', 'put'] as const).map((value) => ({ value, label: t(`earn.dual.${value}`) }))} />
            </Form.Item>
          </Flex>
          <Flex gap={12}>
            <Form.Item name="linked_price" label={t('earn.dual.linked')} rules={[{ required: true }]} style={{ flex: 1 }}>
              <Input suffix="USDT" />
            </Form.Item>
            <Form.Item name="apr_percent" label={t('earn.dual.apr')} rules={[{ required: true }]} style={{ flex: 1 }}>
              <Input suffix="%" />
            </Form.Item>
          </Flex>
          <Flex gap={12}>
            <Form.Item name="days" label={t('earn.dual.days')} rules={[{ required: true }]} style={{ flex: 1 }}>
              <InputNumber min={1} max={365} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="maturity_date" label={t('earn.dual.maturityDate')} rules={[{ required: true }]} style={{ flex: 1 }}>
              <Input type="date" />
            </Form.Item>
          </Flex>
          <Flex gap={12}>
            <Form.Item name="share" label={t('earn.dual.shareInput')} rules={[{ required: true }]} style={{ flex: 1 }}>
              <Input />
            </Form.Item>
            <Form.Item name="total_shares" label={t('earn.dual.totalShares')} rules={[{ required: true }]} style={{ flex: 1 }}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          <Flex gap={12}>
            <Form.Item name="sale_start" label={t('earn.dual.saleStart')} rules={[{ required: true }]} style={{ flex: 1 }}>
              <Input type="datetime-local" />
            </Form.Item>
            <Form.Item name="sale_end" label={t('earn.dual.saleEnd')} rules={[{ required: true }]} style={{ flex: 1 }}>
              <Input type="datetime-local" />
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
