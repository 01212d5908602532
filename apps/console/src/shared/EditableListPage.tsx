import { App, Button, Card, Drawer, Flex, Form, type FormInstance, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api.ts';

/** What the editor works on: a new row, or one from the list. */
export type Editing<Row> = Row | 'new';

export interface EditableListPageProps<Row extends { id: number }, Values> {
  title: string;
  intro: string;
  /** The page's test id; its buttons are `<testIdPrefix>-new`, `-edit-<id>`, `-save`, the form `-form`. */
  testId: string;
  testIdPrefix: string;
  /** The console text group with `.new`, `.edit`, `.save`, `.saved`. */
  texts: string;
  rows: Row[] | undefined;
  loading: boolean;
  columns: ColumnsType<Row>;
  /** Whether this operator may create and edit (adds the new button and an edit column). */
  canEdit: boolean;
  editorTitle: (editing: Editing<Row>) => string;
  /** What the form starts with each time the drawer opens. */
  initialValues: (editing: Editing<Row>) => Values;
  /** Turns the form's values into the API document and saves it; rejects with the server's reason. */
  onSave: (editing: Editing<Row>, values: Values) => Promise<unknown>;
  saving: boolean;
  /** Shown above the form, e.g. what an edit may change. */
  note?: (editing: Editing<Row>) => ReactNode;
  /** The form's fields. */
  children: (editing: Editing<Row>) => ReactNode;
}

/**
 * A list of things operators configure (earn products, …) with a drawer to
 * create and edit them: title and intro, the table with an edit button per
 * row, and the form; a refusal from the server is shown as it came.
 */
export function EditableListPage<Row extends { id: number }, Values>({
  title,
  intro,
  testId,
  testIdPrefix,
  texts,
  rows,
  loading,
  columns,
  canEdit,
  editorTitle,
  initialValues,
  onSave,
  saving,
  note,
  children,
}: EditableListPageProps<Row, Values>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // Each opening mounts a form of its own (keyed by `opening`): it starts from `initialValues`, never from what the last one held or typed,
  // even when the drawer is opened again before its closing content is gone. The drawer keeps what it edits while it closes.
  const form = useRef<FormInstance<Values>>(null);
  const [opening, setOpening] = useState(0);
  const [editing, setEditing] = useState<Editing<Row>>('new');
  const [open, setOpen] = useState(false);
  const edit = (next: Editing<Row>) => {
    setEditing(next);
    setOpening((count) => count + 1);
    setOpen(true);
  };
  const submit = async () => {
    try {
      if (!form.current) return;
      await onSave(editing, await form.current.validateFields());
      void message.success(t(`${texts}.saved`));
      setOpen(false);
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
    }
  };
  const editColumn: ColumnsType<Row> = [
    {
      title: '',
      width: 80,
      render: (_: unknown, row: Row) => (
        <Button size="small" onClick={() => edit(row)} data-testid={`${testIdPrefix}-edit-${row.id}`}>
          {t(`${texts}.edit`)}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid={testId}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {canEdit ? (
          <Button type="primary" onClick={() => edit('new')} data-testid={`${testIdPrefix}-new`}>
            {t(`${texts}.new`)}
          </Button>
        ) : null}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {intro}
      </Typography.Paragraph>
      <Card styles={{ body: { padding: 0 } }}>
        <Table<Row> rowKey="id" dataSource={rows} loading={loading} pagination={false} columns={canEdit ? [...columns, ...editColumn] : columns} />
      </Card>
      <Drawer
        title={editorTitle(editing)}
        open={open}
        onClose={() => setOpen(false)}
        width={560}
        destroyOnHidden
        extra={
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid={`${testIdPrefix}-save`}>
            {t(`${texts}.save`)}
          </Button>
        }
      >
        {note?.(editing)}
        <Form<Values> ref={form} key={opening} initialValues={initialValues(editing) as object} layout="vertical" requiredMark={false} data-testid={`${testIdPrefix}-form`}>
          {children(editing)}
        </Form>
      </Drawer>
    </Flex>
  );
}
