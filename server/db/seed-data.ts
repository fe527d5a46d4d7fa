// The demo catalogue, reviews and accounts created on a fresh local install.

import type { ToolShape } from '../images/tool-art';

export interface SeedProduct {
  name: string;
  label: string;
  shape: ToolShape;
  accent: string;
  description: string;
  price: number;
  available: number;
  minOrder: number;
}

/** The catalogue's categories, by the shape of the tool. */
export const CATEGORY_OF_SHAPE: Record<ToolShape, string> = {
  drill: 'Drills',
  'circular-saw': 'Saws',
  'chop-saw': 'Saws',
  jigsaw: 'Saws',
  grinder: 'Grinders',
  breaker: 'Hammers',
  sander: 'Sanders',
  cutter: 'Cutters',
};

/** The SKU of a seeded tool: the brand's prefix and its model ("DX20 Hammer Drill" -> "FL-DX20"). */
export function seedSku(product: Pick<SeedProduct, 'label'>): string {
  return `FL-${product.label.split(' ')[0]?.toUpperCase() ?? 'TOOL'}`;
}

export const seedProducts: SeedProduct[] = [
  {
    name: 'Forgeline DX20 Brushless Hammer Drill',
    label: 'DX20 Hammer Drill',
    shape: 'drill',
    accent: '#e8590c',
    description:
      'A 20 V brushless hammer drill with 95 Nm of torque, a 13 mm all-metal ratcheting chuck and a two-speed gearbox. It drives 150 mm lag screws and drills masonry without stalling, and the LED ring lights the work in cabinets and crawl spaces.',
    price: 129,
    available: 1200,
    minOrder: 50,
  },
  {
    name: 'Forgeline SD12 Compact Drill Driver',
    label: 'SD12 Drill Driver',
    shape: 'drill',
    accent: '#1c7ed6',
    description:
      'A 12 V compact drill driver that weighs 1.1 kg with its battery, built for installers who work overhead all day. Twenty clutch settings, a 10 mm keyless chuck and a belt hook that swaps sides make it the first tool out of the van.',
    price: 69,
    available: 2500,
    minOrder: 100,
  },
  {
    name: 'Forgeline CS184 Circular Saw',
    label: 'CS184 Circular Saw',
    shape: 'circular-saw',
    accent: '#e8590c',
    description:
      'A 184 mm circular saw with a 1,500 W motor, bevel stops at 0, 22.5 and 45 degrees and a cast magnesium shoe that stays flat for years. The electric brake stops the blade in under two seconds and the dust port fits every common extractor hose.',
    price: 149,
    available: 640,
    minOrder: 20,
  },
  {
    name: 'Forgeline AG125 Angle Grinder',
    label: 'AG125 Angle Grinder',
    shape: 'grinder',
    accent: '#f59f00',
    description:
      'A 125 mm angle grinder with 1,200 W, soft start, restart protection and a tool-free guard. Its slim gear head fits tight corners, and the anti-vibration side handle lets crews cut rebar and clean welds for a full shift without sore wrists.',
    price: 89,
    available: 1800,
    minOrder: 60,
  },
  {
    name: 'Forgeline DH30 Demolition Hammer',
    label: 'DH30 Demolition Hammer',
    shape: 'breaker',
    accent: '#e03131',
    description:
      'A 30 J SDS-max demolition hammer that breaks concrete slabs, strips tiles and chases walls. Active vibration control keeps it below 8 m/s², and the 12-position chisel lock sets the point exactly where the operator needs it on vertical or floor work.',
    price: 489,
    available: 220,
    minOrder: 5,
  },
  {
    name: 'Forgeline RS150 Random Orbital Sander',
    label: 'RS150 Orbital Sander',
    shape: 'sander',
    accent: '#2f9e44',
    description:
      'A 150 mm random orbital sander with a 5 mm orbit, six speed settings and a hook-and-loop pad that takes standard six-hole discs. The pad brake prevents gouging when it is set down, and the micro-filter canister catches fine dust before it spreads.',
    price: 99,
    available: 950,
    minOrder: 30,
  },
  {
    name: 'Forgeline CC40 Cable Cutter',
    label: 'CC40 Cable Cutter',
    shape: 'cutter',
    accent: '#7048e8',
    description:
      'A cordless cable cutter that shears copper and aluminium cable up to 40 mm across in under five seconds. The jaws open wide enough to drop over live runs in trays, and an automatic return releases the cut cleanly so electricians keep working.',
    price: 529,
    available: 140,
    minOrder: 5,
  },
  {
    name: 'Forgeline MS255 Chop Saw',
    label: 'MS255 Chop Saw',
    shape: 'chop-saw',
    accent: '#e8590c',
    description:
      'A 255 mm compound chop saw with a 2,000 W motor, positive stops at the common mitre angles and a laser guide that shows the cut line on the stock. It crosscuts 305 mm boards and trims skirting and framing timber square, the same way every time.',
    price: 329,
    available: 300,
    minOrder: 10,
  },
  {
    name: 'Forgeline JS80 Pendulum Jigsaw',
    label: 'JS80 Jigsaw',
    shape: 'jigsaw',
    accent: '#1c7ed6',
    description:
      'A jigsaw with four pendulum settings, an 80 mm cutting depth in wood and a tool-free T-shank blade clamp. The low-vibration balancer and the dust blower keep the line visible, so curved cuts in worktops and plywood come out clean on the first pass.',
    price: 119,
    available: 760,
    minOrder: 25,
  },
  {
    name: 'Forgeline SD8 Specialty Right-Angle Drill',
    label: 'SD8 Right-Angle Drill',
    shape: 'drill',
    accent: '#f59f00',
    description:
      'A specialty right-angle drill with a head only 98 mm deep, made for drilling between studs and joists where a normal drill will not fit. Its 18 V motor turns 1,400 rpm and the paddle switch lets plumbers and electricians feather the speed.',
    price: 179,
    available: 410,
    minOrder: 15,
  },
  {
    name: 'Forgeline AG230 Large Angle Grinder',
    label: 'AG230 Large Grinder',
    shape: 'grinder',
    accent: '#e03131',
    description:
      'A 230 mm angle grinder with 2,400 W for cutting pipe, kerbstone and structural steel. The rotating rear handle turns 90 degrees for flush cuts, and the electronic clutch cuts power in a fraction of a second if the disc binds in the material.',
    price: 159,
    available: 520,
    minOrder: 20,
  },
  {
    name: 'Forgeline RH28 Rotary Hammer',
    label: 'RH28 Rotary Hammer',
    shape: 'breaker',
    accent: '#2f9e44',
    description:
      'A 28 mm SDS-plus rotary hammer with three modes (drill, hammer drill and chisel) and a 3.2 J impact. It sets anchors in reinforced concrete all day, and the dust-extraction attachment clips on without tools so sites stay within silica limits.',
    price: 219,
    available: 680,
    minOrder: 20,
  },
];

export const seedReviews = [
  {
    userName: 'Maria Okafor',
    rating: 5,
    review: 'We stock the DX20 in all four of our branches. Returns are almost zero and the trade customers ask for it by name.',
  },
  {
    userName: 'Hiroshi Tanaka',
    rating: 4,
    review: 'Bulk orders arrive on time and well packed. The minimum quantities suit a dealer of our size and the margin is fair.',
  },
  {
    userName: 'Lena Vogel',
    rating: 5,
    review: 'The cable cutter sold out in two weeks. Electricians love the wide jaws, and the support line answered every question we had.',
  },
  {
    userName: 'Carlos Mendes',
    rating: 3,
    review: 'Good tools at a good price. The chop saw shipment took longer than promised, but the team kept us informed the whole time.',
  },
  {
    userName: 'Aisha Rahman',
    rating: 5,
    review: 'Ordering from the tablet at our trade counter is quick, even when the warehouse signal drops. Nothing has ever gone missing.',
  },
];

export const demoAccounts = {
  admin: { email: 'admin@forgeline.test', password: 'Forgeline-admin-2026', displayName: 'Forgeline Admin' },
  customer: { email: 'dealer@forgeline.test', password: 'Forgeline-dealer-2026', displayName: 'Dana Dealer' },
  /** A sales rep who orders for the demo dealer's company (docs/decisions/043-sales-reps.md). */
  rep: { email: 'rep@forgeline.test', password: 'Forgeline-rep-2026', displayName: 'Rory Rep' },
  /** A dealer whose company pays on account: net 30, $25,000 of credit, a PO number on every order (docs/decisions/044). */
  trade: { email: 'buyer@forgeline.test', password: 'Forgeline-buyer-2026', displayName: 'Tara Trade' },
  /** A dealer in Germany buying in euros on the Euro dealers price list, net 30 (docs/decisions/045). */
  euro: { email: 'einkauf@forgeline.test', password: 'Forgeline-euro-2026', displayName: 'Elke Einkauf' },
} as const;

/** A demo dealer's company, its terms and the price list it buys with, given when the account is first made. */
export interface DemoCompany {
  name: string;
  country: string;
  taxNumber?: string;
  /** Its first ship-to location, and the tax rate of that place the shop keeps (docs/decisions/046). */
  location?: { name: string; address: string; phone: string; contactName: string; country: string; region: string };
  taxRate?: { country: string; region: string; name: string; rate: number };
  terms: { paymentTerms: 'net30'; creditLimit: number; poRequired: boolean };
  priceList: { name: string; currency: 'EUR'; rateMicros: number; defaultPercentOff: number } | null;
}

/** The demo trade dealer's company: net 30, $25,000 of credit, a PO number on every order, list prices. */
export const demoTradeCompany: DemoCompany = {
  name: 'Harbour Trade Supplies',
  country: 'GB',
  terms: { paymentTerms: 'net30', creditLimit: 2_500_000, poRequired: true },
  priceList: null,
};

/** The euro dealer's company: net 30 with €20,000 of credit, on a euro list at 0.92 per dollar and 10 % off, shipping to Cologne with 19 % VAT. */
export const demoEuroCompany: DemoCompany = {
  name: 'Rheinwerk Werkzeughandel GmbH',
  country: 'DE',
  taxNumber: 'DE 811 234 567',
  location: {
    name: 'Lager Köln',
    address: 'Industriestraße 40, 50735 Köln',
    phone: '+49 221 555 0140',
    contactName: 'Elke Einkauf',
    country: 'DE',
    region: '',
  },
  taxRate: { country: 'DE', region: '', name: 'VAT', rate: 190_000 },
  terms: { paymentTerms: 'net30', creditLimit: 2_000_000, poRequired: false },
  priceList: { name: 'Euro dealers', currency: 'EUR', rateMicros: 920_000, defaultPercentOff: 1_000 },
};
