// Everything the Portfolio page shows (the spec, /portfolio). A deployer edits this one file:
// the page lays out whatever it holds. Links starting with '/' open inside the storefront.

export interface PortfolioProject {
  name: string;
  description: string;
  href: string;
  /** The words on the link, e.g. "Open the storefront". */
  linkLabel: string;
  stack: string[];
}

export interface PortfolioEducation {
  degree: string;
  school: string;
  years: string;
  detail: string;
}

export interface PortfolioSkillGroup {
  group: string;
  skills: string[];
}

export interface Portfolio {
  name: string;
  role: string;
  location: string;
  email: string;
  about: string[];
  education: PortfolioEducation[];
  skills: PortfolioSkillGroup[];
  projects: PortfolioProject[];
}

export const portfolio: Portfolio = {
  name: 'Elena Marsh',
  role: 'Front-end engineer, Forgeline Digital',
  location: 'Pittsburgh, Pennsylvania',
  email: 'elena.marsh@forgeline.example',
  about: [
    'I build web applications for people who work with their hands: dealers at a trade counter, fitters on a site, warehouse staff with a tablet in one hand. My work starts from their day, not from the framework.',
    'For Forgeline I lead the dealer storefront, an installable web app that keeps the catalogue on the device, queues orders while the connection is down and sends each one exactly once when it returns. I care about accessibility, honest loading states and pages that stay fast on a mid-range phone.',
  ],
  education: [
    {
      degree: 'M.Sc. Human-Computer Interaction',
      school: 'Three Rivers Institute of Technology',
      years: '2016 to 2018',
      detail: 'Thesis on designing order forms for field workers on intermittent mobile networks.',
    },
    {
      degree: 'B.Sc. Computer Science',
      school: 'Allegheny State University',
      years: '2012 to 2016',
      detail: 'Focus on distributed systems and web engineering; teaching assistant for the web development course.',
    },
  ],
  skills: [
    { group: 'Languages', skills: ['TypeScript', 'JavaScript', 'HTML', 'CSS', 'SQL'] },
    { group: 'Front end', skills: ['React', 'TanStack Router and Query', 'Tailwind CSS', 'react-hook-form', 'Valibot'] },
    { group: 'Web platform', skills: ['Service workers and Workbox', 'IndexedDB with Dexie', 'Web accessibility (WCAG 2.2)', 'Core Web Vitals'] },
    { group: 'Testing', skills: ['Vitest', 'Testing Library', 'Playwright', 'axe-core'] },
    { group: 'Back end', skills: ['Node.js', 'Fastify', 'PostgreSQL', 'Firebase Authentication'] },
  ],
  projects: [
    {
      name: 'Forgeline dealer storefront',
      description: 'The store you are using: bulk ordering with minimum quantities, card payments and an admin dashboard, installable on any phone or tablet.',
      href: '/',
      linkLabel: 'Open the storefront',
      stack: ['React', 'TanStack', 'Tailwind CSS', 'daisyUI'],
    },
    {
      name: 'Offline order queue',
      description:
        'Orders placed without a connection wait in IndexedDB and are sent exactly once when the network returns, by the page or by Background Sync.',
      href: '/blogs#service-workers-offline',
      linkLabel: 'Read how it works',
      stack: ['Service workers', 'Workbox', 'Dexie'],
    },
    {
      name: 'Public catalogue API',
      description: 'The JSON catalogue behind the storefront, served with ETags and cached per process, open for dealers who sync it into their own systems.',
      href: '/api/products',
      linkLabel: 'View the product feed',
      stack: ['Fastify', 'PostgreSQL', 'Drizzle ORM'],
    },
  ],
};
