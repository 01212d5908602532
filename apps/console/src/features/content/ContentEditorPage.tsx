import { ArrowLeftOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@openbourse/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Card, Col, Flex, Form, Input, InputNumber, Popconfirm, Result, Row, Select, Space, Switch, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, get, post } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { useCan } from '../../shared/session.ts';
import { type ArticleCategory, type ContentDoc, type ContentItem, type ContentKind, TEXT_FIELDS } from './api.ts';

const KINDS: ContentKind[] = ['article', 'faq', 'page'];
const CATEGORIES: ArticleCategory[] = ['news', 'banner', 'guide'];

/** Empty texts are left out, so a draft holds only what was written. */
function cleaned(doc: ContentDoc): ContentDoc {
  const texts = Object.fromEntries(
    Object.entries(doc.texts ?? {})
      .map(([lang, fields]) => [lang, Object.fromEntries(Object.entries(fields ?? {}).map(([name, value]) => [name, (value ?? '').trim()]))] as const)
      .filter(([, fields]) => Object.values(fields).some((value) => value !== '')),
  );
  return { ...doc, texts };
}

function incomplete(kind: ContentKind, doc: ContentDoc | undefined, lang: Language): boolean {
  const text = doc?.texts?.[lang];
  return TEXT_FIELDS[kind].some((field) => !text?.[field.name]?.trim());
}

/** One item in all ten languages: save a draft, publish it when every language is there, discard it, or take the item down. */
export default function ContentEditorPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const client = useQueryClient();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const kind = params.kind as ContentKind;
  const key = params.key ?? '';
  const creating = key === 'new';
  const [form] = Form.useForm<ContentDoc>();
  const watched = Form.useWatch([], form) as ContentDoc | undefined;
  const item = useQuery({ queryKey: ['content', kind, key], queryFn: () => get<ContentItem>(`/content/${kind}/${key}`), enabled: KINDS.includes(kind) && !creating });

  const after = (saved: ContentItem, note: string) => {
    void message.success(note);
    client.setQueryData(['content', kind, saved.key], saved);
    void client.invalidateQueries({ queryKey: ['content', kind], exact: true });
    // Saved: nothing is left unsaved, so a publish next does not send the same draft again (an audit record that changes nothing).
    form.resetFields();
    form.setFieldsValue((saved.draft ?? saved.live ?? { texts: {} }) as ContentDoc);
    if (creating) navigate(`/content/${kind}/${saved.key}`, { replace: true });
  };
  // A refused field shows its message beside it: only the server's refusals need a toast.
  const failed = (error: unknown) => {
    if (error instanceof ApiError) void message.error(error.message);
  };

  const save = useMutation({
    mutationFn: async () => {
      const doc = cleaned(await form.validateFields());
      return creating ? post<ContentItem>(`/content/${kind}`, { doc }) : post<ContentItem>(`/content/${kind}/${key}/draft`, { doc });
    },
    onSuccess: (saved) => after(saved, t('content.saved')),
    onError: failed,
  });
  const act = useMutation({
    mutationFn: async (action: 'publish' | 'discard' | 'unpublish') => {
      if (action === 'publish' && form.isFieldsTouched()) await post(`/content/${kind}/${key}/draft`, { doc: cleaned(await form.validateFields()) });
      return { action, saved: await post<ContentItem>(`/content/${kind}/${key}/${action}`) };
    },
    onSuccess: ({ action, saved }) => {
      if (action === 'discard' && !saved.live) {
        void message.success(t('content.deleted'));
        void client.invalidateQueries({ queryKey: ['content', kind], exact: true });
        navigate('/content', { replace: true });
        return;
      }
      after(saved, t(`content.done.${action}`));
    },
    onError: failed,
  });

  if (!KINDS.includes(kind)) return <Result status="404" title={t('notFound')} />;
  if (item.error) return <Result status="404" title={item.error instanceof ApiError ? item.error.message : String(item.error)} />;
  if (!creating && !item.data) return <Card loading />;

  const data = item.data;
  const initial: ContentDoc = data ? ((data.draft ?? data.live) as ContentDoc) : { category: (search.get('category') as ArticleCategory) ?? 'news', popup: search.get('popup') === '1', sort: 0, image: '', link: '', texts: {} };
  const editable = can('content.edit');
  const missing = LANGUAGES.filter((language) => incomplete(kind, watched ?? initial, language.code));
  const busy = save.isPending || act.isPending;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Space>
          <Link to={`/content?tab=${kind === 'article' ? ((watched ?? initial).popup ? 'popup' : ((watched ?? initial).category ?? 'news')) : kind}`}>
            <ArrowLeftOutlined />
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {creating ? t('content.newTitle', { kind: t(`content.kinds.${kind}`) }) : t('content.editTitle', { kind: t(`content.kinds.${kind}`), key })}
          </Typography.Title>
        </Space>
        <Space>
          {data?.draft && editable && (
            <Popconfirm title={data.live ? t('content.discardConfirm') : t('content.deleteConfirm')} onConfirm={() => act.mutate('discard')} okText={t('actions.confirm')} cancelText={t('actions.cancel')}>
              <Button disabled={busy} data-testid="content-discard">{data.live ? t('content.discard') : t('content.delete')}</Button>
            </Popconfirm>
          )}
          {data?.live && data.creatable && can('content.publish') && (
            <Popconfirm title={t('content.unpublishConfirm')} onConfirm={() => act.mutate('unpublish')} okText={t('actions.confirm')} cancelText={t('actions.cancel')}>
              <Button danger disabled={busy} data-testid="content-unpublish">{t('content.unpublish')}</Button>
            </Popconfirm>
          )}
          {editable && (
            <Button onClick={() => save.mutate()} loading={save.isPending} disabled={busy} data-testid="content-save">
              {t('content.saveDraft')}
            </Button>
          )}
          {!creating && can('content.publish') && (
            <Button type="primary" onClick={() => act.mutate('publish')} loading={act.isPending && act.variables === 'publish'} disabled={busy || (!data?.draft && !form.isFieldsTouched())} data-testid="content-publish">
              {t('content.publish')}
            </Button>
          )}
        </Space>
      </Flex>

      <Card size="small">
        <Space size="middle" wrap data-testid="content-state">
          {data?.live ? <Tag color="success">{t('content.onSite')}</Tag> : <Tag>{t('content.offSite')}</Tag>}
          {data?.draft ? <Tag color="processing">{t('content.draftSaved', { time: formatTime(data.draft_updated_at) })}</Tag> : <Tag>{t('content.noDraft')}</Tag>}
          {data?.published_at && <Typography.Text type="secondary">{t('content.publishedAt', { time: formatTime(data.published_at) })}</Typography.Text>}
          {missing.length > 0 ? (
            <Typography.Text type="warning">{t('content.missingLanguages', { languages: missing.map((language) => language.nativeName).join(', ') })}</Typography.Text>
          ) : (
            <Typography.Text type="success">{t('content.allLanguages')}</Typography.Text>
          )}
        </Space>
      </Card>
      {!editable && <Alert type="info" showIcon title={t('content.readOnly')} />}

      <Form<ContentDoc> form={form} layout="vertical" initialValues={initial} disabled={!editable || busy} key={`${kind}:${key}`}>
        {kind !== 'page' && (
          <Card size="small" title={t('content.settings')} style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              {kind === 'article' && (
                <>
                  <Col span={5}>
                    <Form.Item name="category" label={t('content.category')}>
                      <Select options={CATEGORIES.map((category) => ({ value: category, label: t(`content.tabs.${category}`) }))} />
                    </Form.Item>
                  </Col>
                  <Col span={7}>
                    <Form.Item name="image" label={t('content.image')} rules={[{ pattern: /^(\/static\/[A-Za-z0-9_./-]+|https:\/\/\S+)?$/, message: t('content.imageRule') }]}>
                      <Input placeholder="/static/news/welcome.svg" />
                    </Form.Item>
                  </Col>
                  <Col span={6}>
                    <Form.Item name="link" label={t('content.link')} rules={[{ pattern: /^(\/(?!\/)\S*|https:\/\/\S+)?$/, message: t('content.linkRule') }]}>
                      <Input placeholder="/pages/..." />
                    </Form.Item>
                  </Col>
                  <Col span={3}>
                    <Form.Item name="popup" label={t('content.popup')} valuePropName="checked">
                      <Switch data-testid="content-popup" />
                    </Form.Item>
                  </Col>
                </>
              )}
              <Col span={3}>
                <Form.Item name="sort" label={t('content.sort')}>
                  <InputNumber min={0} max={100_000} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        )}
        <Card size="small" title={t('content.texts')}>
          <Tabs
            data-testid="content-languages"
            items={LANGUAGES.map((language) => ({
              key: language.code,
              forceRender: true,
              label: (
                <Badge dot={incomplete(kind, watched ?? initial, language.code)} offset={[6, 0]}>
                  {language.nativeName}
                </Badge>
              ),
              children: TEXT_FIELDS[kind].map((field) => (
                <Form.Item key={field.name} name={['texts', language.code, field.name]} label={t(`content.fields.${field.name}`)}>
                  {field.rows ? <Input.TextArea rows={field.rows} maxLength={field.max} showCount /> : <Input maxLength={field.max} showCount />}
                </Form.Item>
              )),
            }))}
          />
        </Card>
      </Form>
    </Flex>
  );
}
