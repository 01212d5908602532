import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Flex, Form, Input, Select, Tabs, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { apiUrl, get, type Query } from '../../shared/api.ts';
import { AuditTable } from '../../shared/AuditTable.tsx';
import { auditActionLabel, auditFamilyLabel, auditTargetLabel } from '../../shared/audit-labels.ts';
import { formatTime } from '../../shared/format.ts';
import { PagedTable } from '../../shared/PagedTable.tsx';

interface Facets {
  actors: string[];
  actions: string[];
  target_types: string[];
}

interface Filters {
  actor?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

interface OperatorLogin {
  id: number;
  email: string;
  success: boolean;
  failure: string;
  ip: string;
  user_agent: string;
  created_at: number;
}

/** Action families ("verification.") next to the actions themselves, so one choice selects every decision of a kind. */
function actionOptions(t: TFunction, actions: string[]) {
  const families = [...new Set(actions.map((action) => action.split('.')[0] as string))];
  return [
    ...families.map((family) => ({ value: `${family}.`, label: auditFamilyLabel(t, family) })),
    ...actions.map((action) => ({ value: action, label: `${auditActionLabel(t, action)} · ${action}` })),
  ];
}

function toQuery(filters: Filters): Query {
  const [from, to] = filters.range ?? [];
  return {
    actor: filters.actor,
    action: filters.action,
    target_type: filters.target_type,
    target_id: filters.target_id?.trim(),
    from: from ? from.startOf('day').valueOf() : undefined,
    to: to ? to.endOf('day').valueOf() : undefined,
  };
}

/** The audit trail: who did what to which target, when, from where, with the state before and after; filtered, and exported as CSV. */
export default function AuditPage() {
  const { t } = useTranslation();
  const facets = useQuery({ queryKey: ['audit', 'facets'], queryFn: () => get<Facets>('/audit/facets') });
  const [query, setQuery] = useState<Query>({});

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('audit.title')}
      </Typography.Title>
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          items={[
            {
              key: 'trail',
              label: t('audit.tabs.trail'),
              children: (
                <Flex vertical gap={16}>
                  <Form<Filters> layout="inline" onFinish={(values) => setQuery(toQuery(values))} data-testid="audit-filters">
                    <Form.Item name="actor">
                      <Select allowClear showSearch placeholder={t('audit.actor')} style={{ width: 240 }} options={(facets.data?.actors ?? []).map((actor) => ({ value: actor, label: actor }))} />
                    </Form.Item>
                    <Form.Item name="action">
                      <Select allowClear showSearch placeholder={t('audit.action')} style={{ width: 220 }} options={actionOptions(t, facets.data?.actions ?? [])} />
                    </Form.Item>
                    <Form.Item name="target_type">
                      <Select allowClear placeholder={t('audit.targetType')} style={{ width: 180 }} options={(facets.data?.target_types ?? []).map((type) => ({ value: type, label: auditTargetLabel(t, type) }))} />
                    </Form.Item>
                    <Form.Item name="target_id">
                      <Input allowClear placeholder={t('audit.targetId')} style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item name="range">
                      <DatePicker.RangePicker />
                    </Form.Item>
                    <Button type="primary" htmlType="submit" data-testid="audit-apply">
                      {t('audit.apply')}
                    </Button>
                    <Button href={apiUrl('/audit/export', query)} icon={<DownloadOutlined />} style={{ marginLeft: 8 }} data-testid="audit-export">
                      {t('audit.export')}
                    </Button>
                  </Form>
                  <AuditTable path="/audit" query={query} />
                </Flex>
              ),
            },
            {
              key: 'logins',
              label: t('audit.tabs.logins'),
              children: (
                <PagedTable<OperatorLogin>
                  path="/audit/logins"
                  rowKey="id"
                  columns={[
                    { title: t('audit.time'), dataIndex: 'created_at', render: (time: number) => formatTime(time) },
                    { title: t('columns.email'), dataIndex: 'email' },
                    { title: t('users.outcome'), dataIndex: 'success', render: (success: boolean, row) => (success ? <Tag color="success">{t('users.loginOk')}</Tag> : <Tag color="error">{t(`audit.failures.${row.failure}`, { defaultValue: row.failure })}</Tag>) },
                    { title: t('audit.ip'), dataIndex: 'ip' },
                    { title: t('users.device'), dataIndex: 'user_agent', ellipsis: true },
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
