/** Two opposite arrows, up and down: "swap these two" (antd-mobile-icons has none). */
export function SwapIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M7 20V4M3 8l4-4 4 4M17 4v16M13 16l4 4 4-4" />
    </svg>
  );
}
