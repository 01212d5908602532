import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConnectionProblem, useConnectionProblem } from '../shared/realtime/index.ts';

/** A reconnection that succeeds within this long is not worth a bar flashing up; being offline is shown at once. */
const RECONNECT_GRACE_MS = 1000;

/** Height of the bar, which sticky headers move down by while it shows (`--ob-top-inset` in theme.css). */
const BAR_HEIGHT = '32px';

function useShownProblem(): ConnectionProblem {
  const problem = useConnectionProblem();
  const [shown, setShown] = useState<ConnectionProblem>(null);
  useEffect(() => {
    if (problem !== 'reconnecting') {
      setShown(problem);
      return;
    }
    const timer = setTimeout(() => setShown('reconnecting'), RECONNECT_GRACE_MS);
    return () => clearTimeout(timer);
  }, [problem]);
  return shown;
}

/**
 * At the top of every page while the browser is offline or the realtime
 * connection is being re-established: live values on the page are then
 * greyed (shared/realtime `useLiveStale`) until fresh data arrives.
 */
export function ConnectionBar() {
  const { t } = useTranslation('shell');
  const problem = useShownProblem();
  useEffect(() => {
    const root = document.documentElement.style;
    if (problem) root.setProperty('--ob-top-inset', BAR_HEIGHT);
    else root.removeProperty('--ob-top-inset');
  }, [problem]);
  if (!problem) return null;
  return (
    <div className={`no-network no-network--${problem}`} role="status" data-testid="connection-bar" data-problem={problem}>
      {t(`connection.${problem}`)}
    </div>
  );
}
