import { Collapse, Col, Row, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Query } from './api.ts';
import { auditActionLabel, auditFieldLabel, auditTargetLabel, auditValueLabel } from './audit-labels.ts';
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
  /** The fields the action changed, readable: amounts in their currency, listed reasons written out. */
  changes: AuditChange[];
  created_at: number;
}

interface AuditChange {
  field: string;
  kind: 'time' | 'flag' | 'text';
  before: string | number | boolean | null;
  after: string | number | boolean | null;
}

function Json({ value }: { value: unknown }) {
  return <pre className="json-block">{value === null || value === undefined ? '–' : JSON.stringify(value, null, 2)}</pre>;
}

/** What an action changed, a row per field; the raw records it was read from fold out below. */
function AuditDetail({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  // A whole record (a content item's ten languages) can be a value: long ones fold to three lines.
  const shown = (change: AuditChange, value: AuditChange['before']) =>
    value === null ? (
      '–'
    ) : change.kind === 'time' ? (
      formatTime(value as number)
    ) : change.kind === 'flag' ? (
      t(value ? 'audit.yes' : 'audit.no')
    ) : (
      <Typography.Paragraph style={{ marginBottom: 0, wordBreak: 'break-word' }} ellipsis={{ rows: 3, expandable: true }}>
        {auditValueLabel(t, change.field, String(value))}
      </Typography.Paragraph>
    );
  return (
    <>
      <Table<AuditChange>
        size="small"
        rowKey="field"
        pagination={false}
        dataSource={entry.changes}
        data-testid="audit-changes"
        columns={[
          { title: t('audit.field'), dataIndex: 'field', width: 200, render: (field: string) => <span title={field}>{auditFieldLabel(t, field)}</span> },
          { title: t('audit.before'), key: 'before', width: '40%', render: (_, change) => shown(change, change.before) },
          { title: t('audit.after'), key: 'after', width: '40%', render: (_, change) => shown(change, change.after) },
        ]}
      />
      <Collapse
        ghost
        size="small"
        items={[
          {
            key: 'raw',
            label: t('audit.raw'),
            children: (
              <Row gutter={16}>
                <Col span={12}>
                  <Typography.Text type="secondary">{t('audit.before')}</Typography.Text>
                  <Json value={entry.before} />
                </Col>
                <Col span={12}>
                  <Typography.Text type="secondary">{t('audit.after')}</Typography.Text>
                  <Json value={entry.after} />
                </Col>
              </Row>
            ),
          },
        ]}
      />
    </>
  );
}

/** Audit records, newest first; a row opens to what the action changed, and the records before and after. */
export function AuditTable({ path, query }: { path: string; query?: Query }) {
  const { t } = useTranslation();
  const columns: ColumnsType<AuditEntry> = [
    { title: t('audit.time'), dataIndex: 'created_at', width: 180, render: (time: number) => formatTime(time) },
    { title: t('audit.actor'), dataIndex: 'actor', ellipsis: true },
    { title: t('audit.ip'), dataIndex: 'ip', width: 140, render: (ip: string | null) => ip ?? '–' },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      // The code stays beside the label: it is what the filter and the CSV export name.
      render: (action: string) => (
        <>
          {auditActionLabel(t, action)}{' '}
          <Typography.Text type="secondary" code>
            {action}
          </Typography.Text>
        </>
      ),
    },
    { title: t('audit.target'), key: 'target', render: (_, row) => `${auditTargetLabel(t, row.target_type)} #${row.target_id}` },
  ];
  return (
    <PagedTable<AuditEntry>
      path={path}
      query={query}
      rowKey="id"
      columns={columns}
      data-testid="audit-table"
      expandable={{ expandedRowRender: (row) => <AuditDetail entry={row} /> }}
    />
  );
}
