// The home page copy (the spec): titles fixed by the spec, blurbs written for Forgeline.

const DELIVERY_DAYS = 7;

export const hero = {
  eyebrow: 'Official Forgeline manufacturer',
  title: 'Find Your Tools',
  blurb:
    'Drills, saws, grinders and demolition hammers built in our own plant, priced for dealers and delivered by our own fleet. Order in bulk from the trade counter, even when the signal drops.',
  highlights: [`Delivery within ${DELIVERY_DAYS} official days`, 'Works offline at the counter', 'Secure card payments'],
};

export const about = {
  title: 'About Us',
  paragraphs: [
    'Forgeline is the official maker of Forgeline power tools. For ten years our Pittsburgh plant has designed, built and tested every drill, saw and hammer that carries the name, and we sell them only through dealers.',
    'Because we make the tools ourselves, we set the quality, keep the spare parts and stand behind the warranty. Because we ship them ourselves, your bulk order is tracked from our loading bay to your stockroom.',
  ],
  image: {
    alt: 'Forgeline assembly hall: a drill on the test bench in front of packed crates ready for shipment',
    width: 1200,
    height: 900,
  },
};

export interface WhyChooseUsBox {
  title: string;
  line: string;
  /** Stroked 24 x 24 outline paths of the box's icon. */
  icon: string[];
}

/** The six boxes of "Why Choose Us", in the spec's order. */
export const whyChooseUs: WhyChooseUsBox[] = [
  {
    title: 'Official Manufacturer',
    line: 'Every tool comes from our own plant, with the full warranty and genuine spare parts.',
    icon: ['M3 21h18', 'M4 21V10l5 3v-3l5 3v-3l5 3v8', 'M17 10V4h2v7', 'M8 17h2M13 17h2'],
  },
  {
    title: 'High Quality',
    line: 'Each batch is load-tested and drop-tested before it leaves the factory floor.',
    icon: ['M12 3l7 3v5.5c0 4.5-3 8-7 9.5-4-1.5-7-5-7-9.5V6z', 'M9 12l2 2 4-4'],
  },
  {
    title: 'Modern Technology',
    line: 'Brushless motors, smart batteries and electronic brakes across the whole range.',
    icon: ['M7 7h10v10H7z', 'M10 10h4v4h-4z', 'M10 3v4M14 3v4M10 17v4M14 17v4M3 10h4M3 14h4M17 10h4M17 14h4'],
  },
  {
    title: 'Personal Shipment',
    line: 'Our own fleet and shipment system track your bulk order from plant to counter.',
    icon: ['M3 6h11v10H3z', 'M14 9h4l3 3v4h-7', 'M7.5 18.5a1.5 1.5 0 1 0 0-.01M17.5 18.5a1.5 1.5 0 1 0 0-.01'],
  },
  {
    title: 'World Wide Branches',
    line: 'Branches and service partners in 70 countries keep stock and repairs close to you.',
    icon: ['M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z', 'M3 12h18', 'M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z'],
  },
  {
    title: '24/7 Support',
    line: 'Dealer support answers by phone and e-mail around the clock, every day of the year.',
    icon: ['M4 14v-2a8 8 0 0 1 16 0v2', 'M4 14h3v5H5a1 1 0 0 1-1-1z', 'M20 14h-3v5h2a1 1 0 0 0 1-1z', 'M17 19c0 1.5-2 2-4 2'],
  },
];

export const tools = {
  title: 'Our Tools',
  intro: 'Professional cordless and corded tools, sold in bulk at dealer prices. Choose a tool to see its minimum order and place your order.',
};

export const summary = {
  title: 'Our Business in Numbers',
  intro: 'A decade of building tools and the trust of dealers around the world.',
  contactLine: 'Planning a first order or a new branch?',
  figures: [
    { value: 10, label: 'Years of production' },
    { value: 70, label: 'Exported countries' },
    { value: 60, label: 'Long-term partners' },
    { value: 300, label: 'Positive reviews' },
  ],
};

export const reviews = {
  title: 'Client Reviews',
  intro: 'What dealers say after selling Forgeline tools to their own customers.',
  empty: 'No reviews yet. Dealers who order from us can share their experience from the dashboard, and theirs will be the first shown here.',
};
