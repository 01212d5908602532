const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** A trade's local wall-clock time, HH:mm:ss. */
export const formatClock = (timeMs: number): string => clock.format(timeMs);
