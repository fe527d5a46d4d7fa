// The five question-and-answer articles of the Blogs page (the spec, /blogs).
// A block is a paragraph (text between `backticks` is shown as code) or a code sample.

export type BlogBlock = string | { code: string; language: 'tsx' | 'ts' | 'js' };

export interface BlogArticle {
  /** The anchor of the article on the page: /blogs#slug. */
  slug: string;
  question: string;
  /** One line under the question, shown in the list of articles. */
  summary: string;
  published: string;
  blocks: BlogBlock[];
}

export const blogArticles: BlogArticle[] = [
  {
    slug: 'react-angular-vue',
    question: 'React, Angular or Vue: which should a team choose?',
    summary: 'Three mature tools with different ideas about how much the framework should decide for you.',
    published: '2026-09-14',
    blocks: [
      'All three build user interfaces out of components, all three are fast enough for almost any business application, and all three have large communities. The real difference is how much each one decides for you, and that is what a team should compare.',
      "React is a library for describing the screen as a function of state. You write components as plain functions that return JSX, data flows one way from parent to child, and React works out what to change in the page. Everything else is your choice: routing, data fetching, forms and styling come from the ecosystem. This storefront, for example, uses TanStack Router for typed routes, TanStack Query for server data and react-hook-form for forms. That freedom is React's strength and its cost: a React project needs someone who picks and maintains a coherent set of libraries.",
      'Angular is a complete framework maintained by Google. It ships its own router, forms, HTTP client, dependency injection, test setup and a command-line tool that generates code in one house style. It is written for TypeScript from the start, and recent versions add signals for fine-grained reactivity and standalone components that no longer need NgModules. Large organisations like Angular because two Angular projects look alike, so people move between teams easily.',
      'Vue sits in between. Its single-file components keep template, script and styles together, its reactivity system tracks which data each component reads and updates only what depends on a change, and the official Vue Router and Pinia store cover the common needs without a long search. Many teams find it the gentlest of the three to learn, and it can be dropped into an existing server-rendered page one widget at a time.',
      'So ask practical questions. What does the team already know, and whom can you hire? Is there existing code to live with? Do you want one prescribed way of doing things, or the freedom to assemble your own stack? Do you need server rendering (Next.js, Nuxt and Angular SSR all offer it) or a native mobile app (React Native is the most established route)? A team that answers these honestly will be productive with any of the three; a team that picks on benchmark charts alone usually regrets it.',
    ],
  },
  {
    slug: 'react-re-render',
    question: 'How does React decide when a component re-renders?',
    summary: 'State, parents and context trigger renders; reconciliation decides what the page actually sees.',
    published: '2026-09-28',
    blocks: [
      'A component renders again for one of three reasons: its own state changed, its parent rendered again, or a context it reads received a new value. A store connected through `useSyncExternalStore`, like the session store of this storefront, counts as the first kind: when the store announces a change and the snapshot differs, the component renders.',
      'Setting state to a value that is identical to the current one, compared with `Object.is`, lets React skip the update. That is why state must be replaced rather than mutated: pushing into the same array keeps the same reference, so React sees no change. Several updates made in the same event handler, promise callback or timer are batched into one render since React 18.',
      'Rendering is not the same as touching the page. Rendering means calling your component function to get a description of the interface. React then compares the new description with the previous one, a step called reconciliation: an element of the same type in the same position is updated in place and keeps its state, an element of a different type is unmounted and a new one mounted. Only the differences are written to the DOM in the commit phase, so a render that produces the same output costs some JavaScript time but no layout work.',
      {
        language: 'tsx',
        code: `{products.map((product) => (
  // A stable key keeps each card's state with its product when the list changes.
  <ProductCard key={product._id} product={product} />
))}`,
      },
      "Keys matter in lists for the same reason. React matches list items by key, so a stable id keeps each item's state attached to the right product when the list is sorted or filtered, while array indexes as keys make state jump between items.",
      "By default a parent's render renders all its children, whatever their props. When that becomes expensive, `React.memo` skips a child whose props are shallowly equal to last time, and `useMemo` and `useCallback` keep objects and functions stable so that the comparison can succeed; the React Compiler can add this memoisation automatically. Measure with the React DevTools Profiler before reaching for these tools, and first try the simpler fix: keep state as close as possible to the components that use it. In this storefront the review carousel owns its own slide index, so its five-second tick renders the carousel and nothing else on the home page.",
    ],
  },
  {
    slug: 'event-loop',
    question: 'What is the JavaScript event loop, and why does it matter for a smooth interface?',
    summary: 'One thread, a queue of tasks, a queue of microtasks, and a chance to paint in between.',
    published: '2026-10-12',
    blocks: [
      'The JavaScript of a web page runs on one thread, the main thread, which it shares with style calculation, layout and painting. Only one piece of code runs at a time, and once a function starts it runs to completion. The event loop is the scheduler that decides what runs next.',
      "Work arrives as tasks: running a script, a timer firing, a click or a network message being delivered. The loop takes one task from a task queue and runs it. When the call stack is empty again, it runs every microtask that is waiting (promise reactions, `queueMicrotask` callbacks and mutation observers), including microtasks queued by other microtasks. Only then may the browser update the rendering: it runs `requestAnimationFrame` callbacks, recalculates styles, lays out and paints, usually in step with the display's refresh rate.",
      {
        language: 'js',
        code: `console.log('A');
setTimeout(() => console.log('B'), 0);
Promise.resolve().then(() => console.log('C'));
console.log('D');
// Prints A, D, C, B: the promise reaction is a microtask and runs
// before the timer's task, however short the timer.`,
      },
      "A timer's delay is a minimum, not a promise. `setTimeout(fn, 0)` waits at least until the current task and all microtasks have finished, browsers clamp deeply nested timers to four milliseconds, and background tabs throttle timers much more.",
      'This is why long-running code makes a page feel frozen. While a task runs for 300 milliseconds, the browser cannot paint and cannot respond to a tap; the Interaction to Next Paint metric measures exactly that delay. The cure is to keep tasks short: split big loops into chunks and yield between them (with `setTimeout` or, where available, `scheduler.yield()`), move heavy computation such as image processing into a Web Worker, and avoid endless chains of microtasks, which block rendering just as surely as a long loop.',
      'Node.js runs the same model with its own phases (timers, input and output callbacks, `setImmediate`, close callbacks) provided by libuv, plus `process.nextTick`, whose queue runs even before promise microtasks. The rule of thumb is the same on both sides: never block the loop.',
    ],
  },
  {
    slug: 'testing-react-components',
    question: 'How do you unit test a React component?',
    summary: 'Render it, use it the way a person would, and check what a person would see.',
    published: '2026-10-26',
    blocks: [
      'A good component test renders the component, interacts with it the way a user would and checks the result the user would notice. It does not reach into internal state or count how often a function was called. Tests written this way survive refactoring, because they describe behaviour rather than implementation.',
      "The usual tools are a test runner such as Vitest or Jest, a simulated DOM such as jsdom, and React Testing Library. Testing Library's queries find elements by role, label or text, the same way assistive technology does, so a test that can find a button by its accessible name also proves the button has one.",
      {
        language: 'tsx',
        code: `// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { Stars } from '../../src/ui/stars';

test('a rating outside 1 to 4 shows five stars', () => {
  render(<Stars rating="9" />);
  expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
});`,
      },
      'For interactions, `@testing-library/user-event` types, clicks and tabs with the full sequence of browser events. For anything asynchronous, the `findBy` queries wait until an element appears, so a test never needs an arbitrary sleep. Code that depends on time, such as a carousel that advances every five seconds, is tested with fake timers (`vi.useFakeTimers()` and `vi.advanceTimersByTime(5000)`).',
      "Keep the boundaries clean. Components that fetch data get a fresh `QueryClient` with retries turned off for each test, and the network is replaced at the edge, with a fake `fetch` or Mock Service Worker, rather than by mocking your own modules. Better still, move the rules out of the component: this storefront's carousel keeps its behaviour in a pure reducer, so advancing, wrapping, pausing and the 40-pixel swipe threshold are tested as plain function calls, with no DOM at all.",
      'Unit tests are one layer. Layout, real navigation and the way screens fit together are better covered by browser tests with Playwright, and an automated accessibility scan with axe-core catches missing labels and poor contrast on every page in seconds.',
    ],
  },
  {
    slug: 'service-workers-offline',
    question: 'Why does a service worker make a web app work offline?',
    summary: 'A programmable proxy between the page and the network, with caches and a queue of its own.',
    published: '2026-11-09',
    blocks: [
      "A service worker is a script that the browser runs apart from any page and places between the pages of its scope and the network. Once it controls a page, every request that page makes, for the HTML, the scripts, the images or the API, passes through the worker's `fetch` event, and the worker decides how to answer: from the network, from a cache, or both. It runs only on HTTPS (and on localhost for development).",
      'The worker has a lifecycle. On install it usually precaches the application shell, the HTML, JavaScript and CSS the app needs to start. A new version waits until no page uses the old one, unless it is told to skip waiting; on activation it deletes caches the old version left behind. This storefront announces a waiting version with "A new version is available" and a Reload button, so nobody loses a half-written order to a surprise refresh.',
      'Strategies decide the answers. Versioned static files are served cache first, because their names change when their content does. Product images use stale-while-revalidate: show the cached picture at once and refresh it in the background. API reads go network first, falling back to stored data when the network fails, and single-page navigations fall back to the cached `index.html` so every route opens offline. Workbox provides these strategies ready-made.',
      {
        language: 'ts',
        code: `// Queued orders are flushed when the browser regains a connection.
self.addEventListener('sync', (event) => {
  if (event.tag === 'outbox') event.waitUntil(flushOutbox());
});`,
      },
      "Structured data belongs in IndexedDB rather than in the response cache. A dealer's catalogue is saved there after every successful fetch, so the tool list still shows at a trade counter with no signal, together with the time it was saved. Writes need more care: an order placed offline is kept in an outbox in IndexedDB and sent when the connection returns, by the page or by the Background Sync event where the browser supports it. Each order carries an id made on the device, so sending it twice can never create two orders.",
      'Offline support has limits worth knowing. The first visit must be online, browsers may evict stored data under storage pressure unless the site asks for persistent storage, and anything that needs a live answer, such as a card payment, must say plainly that it needs a connection.',
    ],
  },
];
