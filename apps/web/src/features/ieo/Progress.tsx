import { dec } from '@openbourse/core';

/** A bar of how much of the issuance is subscribed; past 100% it is full and the figure says by how much. */
export function Progress({ percent }: { percent: string }) {
  const width = dec(percent).greaterThan(100) ? '100' : percent;
  return (
    <div className="meter" role="progressbar" aria-valuenow={Number(width)} aria-valuemin={0} aria-valuemax={100}>
      <div className="meter__fill" style={{ width: `${width}%` }} />
    </div>
  );
}
