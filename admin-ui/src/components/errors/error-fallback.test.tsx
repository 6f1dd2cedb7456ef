import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBoundary, ErrorFallback } from './error-fallback';

function Boom(): never {
  throw new Error('The table could not be drawn');
}

describe('the error boundary', () => {
  it('shows "Error: {message}" with the details behind a disclosure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Error: The table could not be drawn' })).toBeInTheDocument();
    const summary = screen.getByText('Details');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    await userEvent.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');
  });

  it('shows "Unknown Error" when there is no message', () => {
    render(<ErrorFallback error={{}} />);
    expect(screen.getByRole('heading', { name: 'Unknown Error' })).toBeInTheDocument();
  });
});
