// Draws the seeded catalogue's product pictures as SVG (rendered to WebP by sharp at seed time).

export type ToolShape = 'drill' | 'circular-saw' | 'grinder' | 'breaker' | 'sander' | 'cutter' | 'chop-saw' | 'jigsaw';

interface ArtOptions {
  shape: ToolShape;
  accent: string;
  label: string;
}

const BODY = '#1f2933';
const METAL = '#9aa5b1';

function battery(x: number, y: number, accent: string): string {
  return `<rect x="${x}" y="${y}" width="150" height="58" rx="10" fill="${BODY}"/><rect x="${x + 12}" y="${y + 12}" width="126" height="10" rx="5" fill="${accent}"/>
  <circle cx="${x + 30}" cy="${y + 40}" r="5" fill="#52d273"/><circle cx="${x + 48}" cy="${y + 40}" r="5" fill="#52d273"/><circle cx="${x + 66}" cy="${y + 40}" r="5" fill="#3e4c59"/>`;
}

function drawShape(shape: ToolShape, a: string): string {
  switch (shape) {
    case 'drill':
      return `<path d="M190 170 h230 a40 40 0 0 1 40 40 v30 a40 40 0 0 1 -40 40 h-120 l-30 120 h-80 l20 -120 h-20 a40 40 0 0 1 -40 -40 v-30 a40 40 0 0 1 40 -40z" fill="${a}"/>
        <rect x="460" y="195" width="60" height="60" rx="8" fill="${BODY}"/><rect x="520" y="212" width="70" height="26" rx="6" fill="${METAL}"/><rect x="590" y="219" width="90" height="12" rx="4" fill="${METAL}"/>
        <rect x="220" y="190" width="120" height="16" rx="8" fill="${BODY}" opacity=".35"/>${battery(150, 400, a)}`;
    case 'circular-saw':
      return `<circle cx="420" cy="280" r="165" fill="${METAL}"/><circle cx="420" cy="280" r="150" fill="none" stroke="#cbd2d9" stroke-width="10" stroke-dasharray="14 10"/>
        <path d="M250 280 a170 170 0 0 1 340 0 z" fill="${a}"/><circle cx="420" cy="280" r="26" fill="${BODY}"/>
        <path d="M230 170 q-40 -80 60 -90 h90 q30 0 30 30 v60 z" fill="${BODY}"/><rect x="180" y="440" width="480" height="24" rx="8" fill="${BODY}"/>`;
    case 'grinder':
      return `<rect x="140" y="200" width="380" height="96" rx="48" fill="${a}"/><rect x="170" y="215" width="180" height="14" rx="7" fill="${BODY}" opacity=".35"/>
        <rect x="500" y="180" width="80" height="136" rx="18" fill="${BODY}"/><ellipse cx="600" cy="350" rx="120" ry="28" fill="${METAL}"/><rect x="585" y="300" width="30" height="50" fill="${BODY}"/>
        <rect x="80" y="228" width="70" height="40" rx="12" fill="${BODY}"/><rect x="300" y="120" width="40" height="80" rx="12" fill="${BODY}"/>`;
    case 'breaker':
      return `<rect x="300" y="110" width="150" height="280" rx="30" fill="${a}"/><rect x="230" y="90" width="290" height="40" rx="20" fill="${BODY}"/>
        <rect x="330" y="380" width="90" height="40" rx="8" fill="${BODY}"/><rect x="360" y="420" width="30" height="120" fill="${METAL}"/><path d="M360 540 l15 40 l15 -40z" fill="${METAL}"/>
        <rect x="320" y="150" width="110" height="14" rx="7" fill="${BODY}" opacity=".35"/>`;
    case 'sander':
      return `<rect x="170" y="330" width="460" height="70" rx="20" fill="${BODY}"/><rect x="180" y="395" width="440" height="22" rx="6" fill="#c5a572"/>
        <path d="M230 330 q0 -150 170 -150 q170 0 170 150z" fill="${a}"/><rect x="330" y="150" width="140" height="50" rx="25" fill="${BODY}"/>
        <rect x="600" y="300" width="90" height="40" rx="16" fill="${BODY}"/>`;
    case 'cutter':
      return `<rect x="120" y="250" width="260" height="60" rx="30" fill="${a}"/><rect x="380" y="255" width="80" height="50" rx="10" fill="${BODY}"/>
        <path d="M460 250 q120 -90 200 -20 l-40 30 q-60 -40 -120 20z" fill="${METAL}"/><path d="M460 310 q120 90 200 20 l-40 -30 q-60 40 -120 -20z" fill="${METAL}"/>
        <circle cx="610" cy="280" r="34" fill="none" stroke="${BODY}" stroke-width="10"/><rect x="150" y="262" width="120" height="12" rx="6" fill="${BODY}" opacity=".35"/>`;
    case 'chop-saw':
      return `<rect x="140" y="430" width="520" height="40" rx="10" fill="${BODY}"/><rect x="200" y="380" width="400" height="50" rx="8" fill="#3e4c59"/>
        <rect x="200" y="200" width="40" height="190" fill="${BODY}"/><circle cx="430" cy="300" r="120" fill="${METAL}"/>
        <path d="M220 210 l240 -40 a120 120 0 0 1 90 130 l-40 10 a110 110 0 0 0 -110 -110z" fill="${a}"/><rect x="440" y="120" width="140" height="44" rx="22" fill="${BODY}"/>`;
    case 'jigsaw':
      return `<path d="M170 210 h380 a40 40 0 0 1 40 40 v60 h-460 v-60 a40 40 0 0 1 40 -40z" fill="${a}"/><path d="M230 210 q0 -90 100 -90 h120 q60 0 60 60 v30 h-60 v-30 h-120 q-40 0 -40 30z" fill="${BODY}"/>
        <rect x="120" y="310" width="500" height="30" rx="6" fill="${BODY}"/><rect x="500" y="340" width="16" height="120" fill="${METAL}"/>`;
  }
}

/** An 800 x 600 product picture: the tool on a soft workshop background with the product's short label. */
export function toolSvg({ shape, accent, label }: ArtOptions): string {
  const safe = label.replace(/[<>&"]/gu, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f5f7fa"/><stop offset="1" stop-color="#e4e7eb"/></linearGradient></defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  <g opacity=".08" stroke="${BODY}" stroke-width="2">${Array.from({ length: 9 }, (_, i) => `<line x1="${i * 100}" y1="0" x2="${i * 100}" y2="600"/>`).join('')}</g>
  <ellipse cx="400" cy="548" rx="280" ry="20" fill="${BODY}" opacity=".12"/>
  <g transform="translate(80 78) scale(0.8)">${drawShape(shape, accent)}</g>
  <text x="40" y="64" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" fill="${BODY}">FORGELINE</text>
  <text x="40" y="96" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" fill="#52606d">${safe}</text>
</svg>`;
}
