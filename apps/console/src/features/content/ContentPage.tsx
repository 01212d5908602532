import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { get } from '../../shared/api.ts';
import { useCan } from '../../shared/session.ts';
import { CONTENT_TABS, type ContentListItem, type ContentTab, kindOfTab } from './api.ts';

function visibleIn(tab: ContentTab, item: ContentListItem): boolean {
  if (tab === 'popup') return item.popup;
  if (tab === 'faq' || tab === 'page') return true;
  return item.category === tab;
}

/** News, banners, the pop-up notice, the new-user guide, the FAQ and the static pages: what is on the site and what is in draft. */
export default function ContentPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = (CONTENT_TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as ContentTab) : 'news';
  const kind = kindOfTab(tab);
  const items = useQuery({ queryKey: ['content', kind], queryFn: () => get<ContentListItem[]>(`/content/${kind}`) });
  const rows = (items.data ?? []).filter((item) => visibleIn(tab, item));
  const creatable = kind !== 'page' && can('content.edit');
  const newAddress = tab === 'faq' ? '/content/faq/new' : `/content/article/new?category=${tab === 'popup' ? 'news' : tab}${tab === 'popup' ? '&popup=1' : ''}`;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('content.title')}
        </Typography.Title>
        {creatable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(newAddress)} data-testid="content-new">
            {t('content.new')}
          </Button>
        )}
      </Flex>
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs activeKey={tab} onChange={(next) => setParams({ tab: next })} items={CONTENT_TABS.map((key) => ({ key, label: t(`content.tabs.${key}`) }))} />
        <Table<ContentListItem>
          rowKey="key"
          dataSource={rows}
          loading={items.isLoading}
          pagination={false}
          data-testid="content-list"
          columns={[
            { title: t('content.key'), dataIndex: 'key', width: 180, render: (key: string) => <Link to={`/content/${kind}/${key}`}>{key}</Link> },
            { title: t('content.itemTitle'), dataIndex: 'title', render: (title: string, row) => <Link to={`/content/${kind}/${row.key}`}>{title || t('content.untitled')}</Link> },
            ...(kind === 'page' ? [] : [{ title: t('content.sort'), dataIndex: 'sort', width: 80 }]),
            {
              title: t('columns.status'),
              key: 'status',
              width: 320,
              render: (_: unknown, row: ContentListItem) => (
                <Space size={4} wrap>
                  {row.on_site ? <Tag color="success">{t('content.onSite')}</Tag> : <Tag>{t('content.offSite')}</Tag>}
                  {row.has_draft && <Tag color="processing">{t('content.draft')}</Tag>}
                  {row.popup && tab !== 'popup' && <Tag color="gold">{t('content.popup')}</Tag>}
                  {row.missing > 0 && <Tag color="warning">{t('content.missingCount', { count: row.missing })}</Tag>}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
