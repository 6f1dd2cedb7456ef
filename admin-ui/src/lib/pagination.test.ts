import { clampPage, pageItems, totalPages } from './pagination';

describe('totalPages', () => {
  it.each([
    [0, 0],
    [1, 1],
    [10, 1],
    [11, 2],
    [20, 2],
    [21, 3],
    [10_000, 1_000],
  ])('%i rows make %i pages of ten', (count, pages) => {
    expect(totalPages(count, 10)).toBe(pages);
  });

  it('is zero for nonsense counts', () => {
    expect(totalPages(-3, 10)).toBe(0);
    expect(totalPages(Number.NaN, 10)).toBe(0);
  });
});

describe('clampPage', () => {
  it('keeps a page inside 1..total', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(4, 0)).toBe(1);
  });
});

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 2)).toEqual([1, 2]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, the last and the neighbours of the current page, with gaps', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  it('always holds the current page', () => {
    for (let current = 1; current <= 30; current += 1) expect(pageItems(current, 30)).toContain(current);
  });
});
