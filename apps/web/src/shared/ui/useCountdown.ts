import { useEffect, useState } from 'react';

/** Seconds left before another code may be requested (the server allows one per 60 s). */
export function useCountdown(): { remaining: number; start(seconds?: number): void } {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  return { remaining, start: (seconds = 60) => setRemaining(seconds) };
}
