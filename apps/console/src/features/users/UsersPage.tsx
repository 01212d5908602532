import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Input, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { get } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import type { UserSummary } from './api.ts';

/** Find a user by id, email or phone (parts of an email or phone number match too). */
export default function UsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const results = useQuery({ queryKey: ['users', q], queryFn: () => get<UserSummary[]>('/users', { q }), enabled: q.length > 0 });

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('users.title')}
      </Typography.Title>
      <Input.Search
        defaultValue={q}
        placeholder={t('users.searchPlaceholder')}
        enterButton={t('users.search')}
        size="large"
        allowClear
        onSearch={(value) => setParams(value.trim() ? { q: value.trim() } : {})}
        style={{ maxWidth: 640 }}
        data-testid="users-search"
      />
      <Card styles={{ body: { padding: 0 } }}>
        <Table<UserSummary>
          rowKey="id"
          dataSource={results.data}
          loading={results.isFetching}
          pagination={false}
          locale={{ emptyText: q ? t('users.noResults') : t('users.searchHint') }}
          data-testid="users-results"
          columns={[
            { title: t('columns.id'), dataIndex: 'id', width: 90, render: (id: number) => <Link to={`/users/${id}`}>{id}</Link> },
            { title: t('columns.email'), dataIndex: 'email', render: (email: string | null, row) => <Link to={`/users/${row.id}`}>{email ?? '–'}</Link> },
            { title: t('columns.phone'), dataIndex: 'phone', render: (phone: string | null, row) => (phone ? `+${row.area_code ?? ''} ${phone}` : '–') },
            { title: t('users.nickname'), dataIndex: 'nickname' },
            { title: t('verification.currentLevel'), dataIndex: 'verification_level', render: (level: number) => `Lv${level}` },
            { title: t('columns.status'), dataIndex: 'frozen', render: (frozen: boolean) => (frozen ? <Tag color="error">{t('users.frozen')}</Tag> : <Tag color="success">{t('users.active')}</Tag>) },
            { title: t('users.registered'), dataIndex: 'created_at', render: (time: number) => formatTime(time) },
          ]}
        />
      </Card>
    </Flex>
  );
}
