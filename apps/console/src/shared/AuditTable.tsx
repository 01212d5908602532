import { Col, Row, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Query } from './api.ts';
import { formatTime } from './format.ts';
import { PagedTable } from './PagedTable.tsx';

export interface AuditEntry {
  id: number;
  actor: string;
  operator_id: number | null;
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  created_at: number;
}

function Json({ value }: { value: unknown }) {
  return <pre className="json-block">{value === null || value === undefined ? '–' : JSON.stringify(value, null, 2)}</pre>;
}

/** Audit records, newest first; a row opens to the state before and after. */
export function AuditTable({ path, query }: { path: string; query?: Query }) {
  const { t } = useTranslation();
  const columns: ColumnsType<AuditEntry> = [
    { title: t('audit.time'), dataIndex: 'created_at', width: 180, render: (time: number) => formatTime(time) },
    { title: t('audit.actor'), dataIndex: 'actor', ellipsis: true },
    { title: t('audit.ip'), dataIndex: 'ip', width: 140, render: (ip: string | null) => ip ?? '–' },
    { title: t('audit.action'), dataIndex: 'action', render: (action: string) => <Typography.Text code>{action}</Typography.Text> },
    { title: t('audit.target'), key: 'target', render: (_, row) => `${row.target_type}#${row.target_id}` },
  ];
  return (
    <PagedTable<AuditEntry>
      path={path}
      query={query}
      rowKey="id"
      columns={columns}
      data-testid="audit-table"
      expandable={{
        expandedRowRender: (row) => (
          <Row gutter={16}>
            <Col span={12}>
              <Typography.Text type="secondary">{t('audit.before')}</Typography.Text>
              <Json value={row.before} />
            </Col>
            <Col span={12}>
              <Typography.Text type="secondary">{t('audit.after')}</Typography.Text>
              <Json value={row.after} />
            </Col>
          </Row>
        ),
      }}
    />
  );
}
