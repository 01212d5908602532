import { App, Button, Drawer, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';

interface Props<V> {
  title: string;
  open: boolean;
  form: FormInstance<V>;
  /** What the form starts with each time the drawer opens. */
  initialValues: V | undefined;
  saving: boolean;
  onClose(): void;
  /** Turns the form's values into the API document and saves it; rejects with the server's reason. */
  onSave(values: V): Promise<unknown>;
  note?: ReactNode;
  children: ReactNode;
}

/** The drawer every earn product kind is created and edited in; a refusal from the server is shown as it came. */
export function EarnEditor<V>({ title, open, form, initialValues, saving, onClose, onSave, note, children }: Props<V>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const submit = async () => {
    try {
      await onSave(await form.validateFields());
      void message.success(t('earn.saved'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
    }
  };
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      width={560}
      destroyOnHidden
      extra={
        <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="earn-save">
          {t('earn.save')}
        </Button>
      }
    >
      {note}
      {/* The drawer's content is destroyed when it closes, so every opening starts from these values. */}
      <Form form={form} initialValues={initialValues as object} layout="vertical" requiredMark={false} data-testid="earn-form">
        {children}
      </Form>
    </Drawer>
  );
}
