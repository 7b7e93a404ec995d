/*
 * Decorative drawings for the public pages: inline SVG (the CSP allows no outside images), hidden
 * from assistive technology because the text beside them says everything they show.
 */

const C = {
  primary: '#1f4e5f',
  primarySoft: '#e5eff2',
  accent: '#f4b942',
  accentSoft: '#fbe9c2',
  ink: '#1d2329',
  line: '#dfe3e6',
  muted: '#b8c2c9',
  white: '#ffffff',
};

/** A proposal page in front of a board of product options, with a signature at the bottom. */
export function HomeownerIllustration({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 520 440" aria-hidden="true" focusable="false">
      <defs>
        <filter id="ps-shadow" x="-20%" y="-20%" width="140%" height="140%">
          <feDropShadow dx="0" dy="10" stdDeviation="14" floodColor="#102030" floodOpacity="0.14" />
        </filter>
      </defs>
      <circle cx="300" cy="220" r="190" fill={C.primarySoft} />
      <circle cx="455" cy="70" r="28" fill={C.accentSoft} />

      {/* Product board */}
      <g transform="rotate(5 380 200)" filter="url(#ps-shadow)">
        <rect x="270" y="50" width="220" height="290" rx="16" fill={C.white} />
        <rect x="292" y="74" width="90" height="10" rx="5" fill={C.ink} opacity="0.8" />
        <rect x="292" y="94" width="140" height="8" rx="4" fill={C.muted} />
        <rect x="292" y="122" width="84" height="84" rx="10" fill={C.accentSoft} />
        <rect x="386" y="122" width="84" height="84" rx="10" fill={C.primarySoft} />
        <rect x="292" y="216" width="84" height="84" rx="10" fill="#d9e6ea" />
        <rect x="386" y="216" width="84" height="84" rx="10" fill="#f3efe6" />
        <path
          d="M310 186 h48 M334 186 v-42 a14 14 0 0 1 14 -14"
          stroke={C.primary}
          strokeWidth="5"
          fill="none"
          strokeLinecap="round"
        />
        <rect x="404" y="150" width="48" height="34" rx="6" fill={C.primary} opacity="0.85" />
        <circle cx="334" cy="258" r="22" fill={C.white} stroke={C.primary} strokeWidth="4" />
        <rect x="404" y="236" width="48" height="44" rx="22" fill={C.accent} opacity="0.9" />
        <g transform="translate(448 112)">
          <circle r="15" fill={C.accent} />
          <path
            d="M-6 0 l4 4 l8 -9"
            stroke={C.ink}
            strokeWidth="3"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </g>
      </g>

      {/* Proposal page */}
      <g transform="rotate(-4 170 240)" filter="url(#ps-shadow)">
        <rect x="40" y="80" width="260" height="320" rx="16" fill={C.white} />
        <path d="M40 96 a16 16 0 0 1 16 -16 h228 a16 16 0 0 1 16 16 v52 h-260 z" fill={C.primary} />
        <path d="M64 132 l22 -20 l22 20 v12 h-44 z" fill={C.accent} />
        <rect x="80" y="128" width="12" height="16" fill={C.primary} />
        <rect x="124" y="108" width="110" height="10" rx="5" fill={C.white} />
        <rect x="124" y="126" width="70" height="8" rx="4" fill={C.white} opacity="0.6" />

        {[176, 218, 260].map((y, i) => (
          <g key={y}>
            <circle
              cx="74"
              cy={y + 8}
              r="11"
              fill={i < 2 ? C.primary : C.white}
              stroke={C.primary}
              strokeWidth="3"
            />
            {i < 2 && (
              <path
                d={`M68 ${y + 8} l4 4 l7 -8`}
                stroke={C.white}
                strokeWidth="2.5"
                fill="none"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            )}
            <rect
              x="96"
              y={y}
              width={[120, 96, 110][i]}
              height="9"
              rx="4.5"
              fill={C.ink}
              opacity="0.75"
            />
            <rect x="96" y={y + 15} width={[80, 110, 70][i]} height="7" rx="3.5" fill={C.muted} />
            <rect x="236" y={y + 2} width="44" height="9" rx="4.5" fill={C.line} />
          </g>
        ))}

        <line x1="64" y1="302" x2="276" y2="302" stroke={C.line} strokeWidth="2" />
        <path
          d="M70 358 c12 -28 22 -30 24 -10 c2 16 10 14 18 -4 c6 -14 12 -10 12 0 c0 10 8 10 16 -2 c6 -8 12 -6 18 2"
          stroke={C.primary}
          strokeWidth="3.5"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <line x1="64" y1="372" x2="200" y2="372" stroke={C.ink} strokeWidth="2" opacity="0.5" />
        <rect x="214" y="344" width="66" height="26" rx="13" fill={C.accentSoft} />
        <rect x="226" y="353" width="42" height="8" rx="4" fill={C.accent} />
      </g>
    </svg>
  );
}

// Real preset cost group names (docs/product/model.md); the bars stand in for amounts.
const GROUPS = [
  { name: 'Demolition', width: 70 },
  { name: 'Plumbing', width: 110 },
  { name: 'Electrical', width: 92 },
  { name: 'Kitchen Module', width: 140 },
  { name: 'Flooring', width: 84 },
];

/** A proposal's plan: preset cost groups with their subtotals, and a signed stamp. */
export function ContractorIllustration({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 520 440" aria-hidden="true" focusable="false">
      <defs>
        <filter id="pc-shadow" x="-20%" y="-20%" width="140%" height="140%">
          <feDropShadow dx="0" dy="10" stdDeviation="14" floodColor="#102030" floodOpacity="0.14" />
        </filter>
      </defs>
      <circle cx="270" cy="220" r="190" fill={C.primarySoft} />
      <rect
        x="392"
        y="38"
        width="72"
        height="72"
        rx="18"
        fill={C.accentSoft}
        transform="rotate(12 428 74)"
      />

      <g filter="url(#pc-shadow)">
        <rect x="70" y="60" width="360" height="340" rx="18" fill={C.white} />
        <text
          x="100"
          y="108"
          fontFamily="Georgia, serif"
          fontSize="26"
          fontWeight="700"
          fill={C.ink}
        >
          Plan
        </text>
        <rect x="320" y="88" width="84" height="26" rx="13" fill={C.primarySoft} />
        <rect x="334" y="97" width="56" height="8" rx="4" fill={C.primary} />
        {GROUPS.map((group, i) => {
          const y = 158 + i * 44;
          return (
            <g key={group.name}>
              <rect
                x="96"
                y={y - 22}
                width="308"
                height="38"
                rx="8"
                fill={i === 3 ? '#f7f4ec' : C.white}
                stroke={C.line}
              />
              <text
                x="112"
                y={y + 2}
                fontFamily="system-ui, sans-serif"
                fontSize="15"
                fontWeight="600"
                fill={C.ink}
              >
                {group.name}
              </text>
              <rect
                x={388 - group.width * 0.5}
                y={y - 6}
                width={group.width * 0.5}
                height="9"
                rx="4.5"
                fill={C.muted}
              />
            </g>
          );
        })}
        <line x1="96" y1="370" x2="404" y2="370" stroke={C.ink} strokeWidth="2" opacity="0.6" />
      </g>

      <g transform="translate(420 330) rotate(-10)" filter="url(#pc-shadow)">
        <circle r="52" fill={C.accent} />
        <circle
          r="42"
          fill="none"
          stroke={C.ink}
          strokeWidth="2"
          strokeDasharray="4 5"
          opacity="0.6"
        />
        <path
          d="M-18 0 l12 12 l24 -26"
          stroke={C.ink}
          strokeWidth="7"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
    </svg>
  );
}
