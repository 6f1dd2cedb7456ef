/** The brand mark: a gold eight-point star (two interlaced squares) around a "DW" monogram. */
type LogoMarkProps = { size?: number; className?: string };

export function LogoMark({ size = 36, className }: LogoMarkProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <g fill="none" stroke="var(--gold, #C9A227)" strokeWidth="2">
        <rect x="10" y="10" width="28" height="28" />
        <rect x="10" y="10" width="28" height="28" transform="rotate(45 24 24)" />
        <circle cx="24" cy="24" r="9.5" strokeWidth="1.2" />
      </g>
      <text
        x="24"
        y="27.6"
        textAnchor="middle"
        fontFamily="'Cormorant Garamond', Georgia, serif"
        fontWeight="600"
        fontSize="10.5"
        fill="var(--gold, #C9A227)"
        letterSpacing="0.4"
      >
        DW
      </text>
    </svg>
  );
}

type LogoProps = { name: string; tagline?: string; size?: number };

/** The mark with the brand name set in the display face. */
export function Logo({ name, tagline, size }: LogoProps) {
  return (
    <span className="logo">
      <LogoMark size={size} />
      <span className="logo__text">
        <span className="logo__name">{name}</span>
        {tagline ? <span className="logo__tagline">{tagline}</span> : null}
      </span>
    </span>
  );
}
