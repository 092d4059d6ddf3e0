/** The few icons the screens use, drawn inline so they cost no request. */
export function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

export function Checkmark() {
  return (
    <svg className="checkmark" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="var(--go)" />
      <path d="M19 33l9 9 17-19" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}
