import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { IeoStatus } from './api.ts';

const COLORS: Record<IeoStatus, string> = { warmup: 'warning', in_progress: 'success', finished: 'default' };

export function IeoStatusTag({ status }: { status: IeoStatus }) {
  const { t } = useTranslation('ieo');
  return (
    <Tag color={COLORS[status]} fill="outline" className="ieo-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
