// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { Stars } from '../../src/ui/stars';

afterEach(cleanup);

test.each([
  ['3', 3],
  ['1', 1],
  ['9', 5],
  ['5', 5],
])('rating %j is shown and announced as %i filled stars', (rating, filled) => {
  const { container } = render(<Stars rating={rating} />);
  expect(screen.getByRole('img', { name: `Rated ${filled} out of 5` })).toBeTruthy();
  const fills = Array.from(container.querySelectorAll('path')).map((path) => path.getAttribute('fill'));
  expect(fills).toHaveLength(5);
  expect(fills.filter((fill) => fill !== 'transparent')).toHaveLength(filled);
});
