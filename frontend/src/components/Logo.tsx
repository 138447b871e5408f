import './Logo.css';

/** The mark: a rising line in a rounded square (inline SVG, no request). */
export function Logo({ size = 30 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="logo">
      <rect width="32" height="32" rx="7" fill="#0d2240" />
      <path d="M7 22l6-7 4 4 8-10" fill="none" stroke="#3ecf8e" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
