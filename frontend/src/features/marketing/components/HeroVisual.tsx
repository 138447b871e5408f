import './HeroVisual.css';

/**
 * A calm, decorative chart (accumulation range → markup): inline SVG with a fixed aspect ratio,
 * so it never shifts the layout.
 */
export function HeroVisual({ variant = 'range' }: { variant?: 'range' | 'crypto' }) {
  const candles: [number, number, number, number][] = [
    // [open, close, high, low] in chart units (0 = top)
    [150, 170, 140, 182],
    [170, 160, 152, 185],
    [160, 178, 150, 190],
    [178, 168, 160, 200],
    [168, 186, 160, 205],
    [186, 196, 176, 218],
    [196, 176, 170, 206],
    [176, 166, 156, 184],
    [166, 150, 142, 172],
    [150, 136, 128, 158],
    [136, 118, 110, 142],
    [118, 100, 92, 126],
    [100, 84, 76, 108],
    [84, 92, 72, 100],
    [92, 70, 62, 98],
    [70, 52, 44, 78],
  ];
  const up = variant === 'crypto' ? '#f5b74e' : '#3ecf8e';
  return (
    <svg
      className="hero-visual"
      viewBox="0 0 360 260"
      width="360"
      height="260"
      role="img"
      aria-label="Illustrasjon: et chart som bygger en range og bryter opp"
    >
      <rect x="0.5" y="0.5" width="359" height="259" rx="14" fill="#12294a" stroke="#1f3b63" />
      {[60, 110, 160, 210].map((y) => (
        <line key={y} x1="20" x2="340" y1={y} y2={y} stroke="#1f3b63" strokeDasharray="3 5" />
      ))}
      <rect
        x="24"
        y="146"
        width="150"
        height="62"
        rx="4"
        fill="#3ecf8e"
        opacity="0.08"
        stroke="#3ecf8e"
        strokeOpacity="0.35"
        strokeDasharray="4 4"
      />
      <text x="30" y="226" fill="#8fa6c8" fontSize="11" fontFamily="system-ui, sans-serif">
        Akkumulering
      </text>
      <text x="250" y="40" fill="#8fa6c8" fontSize="11" fontFamily="system-ui, sans-serif">
        Markup
      </text>
      {candles.map(([o, c, h, l], i) => {
        const x = 34 + i * 19;
        const rising = c < o;
        const color = rising ? up : '#e26d6d';
        return (
          <g key={i}>
            <line x1={x} x2={x} y1={h} y2={l} stroke={color} strokeWidth="1.5" />
            <rect x={x - 5} y={Math.min(o, c)} width="10" height={Math.max(3, Math.abs(o - c))} rx="1.5" fill={color} />
          </g>
        );
      })}
      <path d="M30 200 C 110 196, 150 190, 190 150 S 290 60, 336 44" fill="none" stroke={up} strokeWidth="2" opacity="0.5" />
    </svg>
  );
}
