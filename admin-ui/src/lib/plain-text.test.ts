import { describe, expect, it } from 'vitest';
import { textOfMarkup } from './plain-text';

describe('textOfMarkup', () => {
  it('reads rich text as prose: tags as spaces, no-break spaces as spaces, white space folded', () => {
    expect(textOfMarkup('<h2>Arrivals</h2><p>Calm&nbsp;and\n quick.</p>')).toBe('Arrivals Calm and quick.');
  });

  it('finds nothing in markup alone', () => {
    expect(textOfMarkup('<p></p>')).toBe('');
    expect(textOfMarkup('<p><br></p>&nbsp;')).toBe('');
  });
});
