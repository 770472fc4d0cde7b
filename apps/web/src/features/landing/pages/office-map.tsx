// The bundled map of the office's neighbourhood: an inline drawing, so that a default install (no tile
// server configured) shows where we are without a single request to another origin. Colours follow
// the light or dark theme.
import { Box } from '@mantine/core';

const LAND = 'light-dark(#eef1f6, #22262e)';
const BLOCK = 'light-dark(#e2e7ef, #2b3039)';
const PARK = 'light-dark(#d3ecd9, #23402c)';
const ROAD = 'light-dark(#ffffff, #3a404b)';
const CASING = 'light-dark(#cfd6e2, #1a1d23)';
const MAJOR = 'light-dark(#ffe7a3, #5b4a1e)';
const LABEL = 'light-dark(#4a5568, #c1c7d0)';

const label = {
  fill: LABEL,
  fontSize: 12,
  fontFamily: 'system-ui, sans-serif',
  fontWeight: 600,
  dominantBaseline: 'middle',
} as const;

export function OfficeMap({ title }: { title: string }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 600 400"
      width="100%"
      role="img"
      aria-label={title}
      style={{ display: 'block', aspectRatio: '3 / 2', borderRadius: 16 }}
      data-testid="office-map-static"
    >
      <title>{title}</title>
      <rect width="600" height="400" style={{ fill: LAND }} />
      {/* City blocks */}
      <g style={{ fill: BLOCK }}>
        <rect x="20" y="20" width="150" height="110" rx="6" />
        <rect x="20" y="160" width="150" height="100" rx="6" />
        <rect x="20" y="290" width="150" height="90" rx="6" />
        <rect x="200" y="20" width="120" height="90" rx="6" />
        <rect x="200" y="240" width="110" height="140" rx="6" />
        <rect x="350" y="250" width="230" height="130" rx="6" />
      </g>
      {/* Giardini Indro Montanelli */}
      <path d="M420 20 H580 V210 H470 Z" style={{ fill: PARK }} />
      <text x="520" y="100" textAnchor="middle" style={{ ...label, fontWeight: 500 }}>
        Giardini
      </text>
      <text x="520" y="116" textAnchor="middle" style={{ ...label, fontWeight: 500 }}>
        Montanelli
      </text>
      {/* Roads: casing first, then the surface */}
      <g style={{ stroke: CASING }} strokeWidth="22" strokeLinecap="round" fill="none">
        <path d="M185 0 V400" />
        <path d="M0 145 H348" />
        <path d="M335 0 L335 230 L600 230" />
        <path d="M150 400 L460 0" />
        <path d="M0 275 H340" />
      </g>
      <g style={{ stroke: ROAD }} strokeWidth="18" strokeLinecap="round" fill="none">
        <path d="M185 0 V400" />
        <path d="M0 145 H348" />
        <path d="M335 0 L335 230 L600 230" />
        <path d="M0 275 H340" />
      </g>
      <path d="M150 400 L460 0" style={{ stroke: MAJOR }} strokeWidth="18" strokeLinecap="round" fill="none" />
      <text x="40" y="145" style={label}>
        Via Monte di Pietà
      </text>
      <text transform="translate(185 385) rotate(-90)" style={label}>
        Via Brera
      </text>
      <text transform="translate(373 112) rotate(-52.2)" style={label}>
        Via Manzoni
      </text>
      <text x="420" y="230" style={label}>
        Via dei Giardini
      </text>
      <text x="24" y="275" style={label}>
        Via Fatebenefratelli
      </text>
      {/* Metro M3 Montenapoleone */}
      <g transform="translate(420 300)">
        <rect x="-12" y="-12" width="24" height="24" rx="5" fill="#c8102e" />
        <text
          x="0"
          y="5"
          textAnchor="middle"
          fill="#fff"
          fontSize="13"
          fontWeight="800"
          fontFamily="system-ui, sans-serif"
        >
          M
        </text>
        <text x="18" y="5" style={label}>
          M3 Montenapoleone
        </text>
      </g>
      {/* The office */}
      <g transform="translate(262 145)">
        <circle r="26" fill="#0b3d91" opacity="0.18" />
        <path
          d="M0 0 C -14 -16 -16 -24 -16 -30 A 16 16 0 1 1 16 -30 C 16 -24 14 -16 0 0 Z"
          fill="#0b3d91"
          stroke="#fff"
          strokeWidth="2.5"
        />
        <circle cx="0" cy="-30" r="6" fill="#f2c14e" />
      </g>
      <g transform="translate(262 95)">
        <rect x="-64" y="-44" width="128" height="28" rx="8" fill="#0b3d91" />
        <text
          x="0"
          y="-25"
          textAnchor="middle"
          fill="#fff"
          fontSize="13"
          fontWeight="700"
          fontFamily="system-ui, sans-serif"
        >
          Lombard S.p.A.
        </text>
      </g>
    </Box>
  );
}
