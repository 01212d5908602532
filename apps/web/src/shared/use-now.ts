import { useEffect, useState } from 'react';

/** The current time, updated every `intervalMs`: "3 min ago" keeps counting and countdowns run while the page stays open. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
