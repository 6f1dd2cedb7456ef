import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from './pagination';

describe('Pagination', () => {
  it('shows Previous, the numbered pages and Next for ceil(totalCount / 10) pages', async () => {
    const onChange = vi.fn();
    render(<Pagination page={1} totalCount={21} size={10} onChange={onChange} />);
    expect(screen.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2', '3']);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByText('1–10 of 21')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange.mock.calls).toEqual([[2], [3]]);
  });

  it('disables Next on the last page', () => {
    render(<Pagination page={3} totalCount={21} size={10} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText('21–21 of 21')).toBeInTheDocument();
  });

  it('is absent when there is nothing to page', () => {
    const { container } = render(<Pagination page={1} totalCount={0} size={10} onChange={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
