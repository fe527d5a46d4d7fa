// The hero's drawing of the DX20 hammer drill, as a dimensioned blueprint: inline SVG, so the first
// paint needs no image request.

/** Decorative. */
export function HeroDrill() {
  return (
    <svg viewBox="0 0 520 420" width="520" height="420" aria-hidden="true" className="h-auto w-full max-w-[520px]">
      <circle cx="260" cy="210" r="190" fill="#c2410c" opacity=".14" />
      <circle cx="260" cy="210" r="150" fill="none" stroke="#f5f7fa" strokeOpacity=".12" strokeWidth="2" strokeDasharray="4 10" />
      <g stroke="#f59f00" strokeWidth="1.5" fill="none" opacity=".75">
        <path d="M92 78h336M92 70v16M428 70v16" />
        <path d="M60 130v226M52 130h16M52 356h16" />
      </g>
      <g fill="#f5f7fa" fontFamily="inherit" fontSize="15" fontWeight="600" opacity=".8">
        <text x="260" y="62" textAnchor="middle">
          DX20 · 95 Nm
        </text>
        <text x="38" y="250" textAnchor="middle" transform="rotate(-90 38 250)">
          20 V brushless
        </text>
      </g>
      {/* bit, chuck and gear case */}
      <rect x="430" y="168" width="78" height="10" rx="3" fill="#cbd2d9" />
      <path d="M436 173h66" stroke="#7b8794" strokeWidth="2" strokeDasharray="6 5" />
      <rect x="384" y="150" width="52" height="46" rx="8" fill="#9aa5b1" />
      <path d="M394 150v46M406 150v46M418 150v46" stroke="#7b8794" strokeWidth="3" />
      <rect x="350" y="138" width="40" height="70" rx="10" fill="#323f4b" />
      {/* motor housing */}
      <path d="M118 122h220a24 24 0 0 1 24 24v54a24 24 0 0 1-24 24H118a32 32 0 0 1-32-32v-38a32 32 0 0 1 32-32z" fill="#c2410c" />
      <path d="M140 122h180v20H140z" fill="#9a3412" />
      <path d="M104 150v44M116 150v44M128 150v44" stroke="#7c2d12" strokeWidth="5" strokeLinecap="round" />
      <circle cx="300" cy="173" r="20" fill="#1f2933" />
      <circle cx="300" cy="173" r="9" fill="#f59f00" />
      {/* grip, trigger and battery */}
      <path d="M176 224h84l-18 100h-84z" fill="#323f4b" />
      <path d="M190 236h56l-6 34h-56z" fill="#1f2933" />
      <path d="M262 232c14 0 20 8 18 20l-4 14h-14z" fill="#1f2933" />
      <rect x="118" y="318" width="188" height="58" rx="12" fill="#323f4b" />
      <rect x="132" y="330" width="160" height="10" rx="5" fill="#c2410c" />
      <circle cx="148" cy="358" r="5" fill="#52d273" />
      <circle cx="166" cy="358" r="5" fill="#52d273" />
      <circle cx="184" cy="358" r="5" fill="#52d273" />
      <circle cx="202" cy="358" r="5" fill="#52606d" />
      <text x="290" y="363" textAnchor="end" fill="#f5f7fa" fontSize="12" fontWeight="700" fontFamily="inherit" letterSpacing="1.5">
        5.0 Ah
      </text>
      <text x="206" y="194" textAnchor="middle" fill="#fff" fontSize="16" fontWeight="800" fontFamily="inherit" letterSpacing="2.5">
        FORGELINE
      </text>
    </svg>
  );
}
