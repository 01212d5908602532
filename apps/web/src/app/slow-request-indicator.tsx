import { SpinLoading } from 'antd-mobile';
import { slowRequestStore } from '../shared/api/loading.ts';
import { useStore } from '../shared/store.ts';

/** Spec 9: the loading indicator appears only once a request has taken 800 ms. */
export function SlowRequestIndicator() {
  const visible = useStore(slowRequestStore);
  if (!visible) return null;
  return (
    <div className="slow-request" data-testid="slow-request" aria-busy="true">
      <SpinLoading color="primary" style={{ '--size': '28px' }} />
    </div>
  );
}
