import { TIMING } from '@openbourse/core';
import { DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';

/** A loading state that appears only when loading is slower than the spec's 200 ms, so fast pages do not flash. */
export function DelayedLoading({ delayMs = TIMING.pageLoadDelayMs }: { delayMs?: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="page-loading" data-testid="page-loading">
      <DotLoading color="primary" />
    </div>
  );
}
