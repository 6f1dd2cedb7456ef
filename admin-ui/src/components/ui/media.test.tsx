import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { permissionsFrom, PermissionsProvider } from '@/lib/permissions';
import { createQueryClient } from '@/lib/query-client';
import { infoBody, mediaInfo } from '@/testing/media-info';
import { mockApi } from '@/testing/mock-api';
import { Media, Thumb } from './media';

function renderWithClient(ui: ReactElement) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <PermissionsProvider can={permissionsFrom(['content.read', 'media.upload'])}>{ui}</PermissionsProvider>
    </QueryClientProvider>,
  );
}

const WIDTHS = [160, 480, 800, 1200, 1600, 2400];

describe('Thumb', () => {
  it('draws a ready image from its sizes: WebP source, JPEG fallback at twice the 56 px cell, real dimensions', async () => {
    mockApi({ 'GET /media/dunes.jpg': () => [200, infoBody(mediaInfo('ready'))] });
    renderWithClient(<Thumb src="/media/dunes.jpg" alt="Dunes at dawn" />);
    await waitFor(() => expect(screen.getByAltText('Dunes at dawn')).toHaveAttribute('srcset'));
    const img = screen.getByAltText('Dunes at dawn');
    expect(img).toHaveAttribute('src', '/media/dunes-160w.jpg');
    expect(img).toHaveAttribute('srcset', WIDTHS.map((w) => `/media/dunes-${w}w.jpg ${w}w`).join(', '));
    expect(img).toHaveAttribute('sizes', '56px');
    expect(img).toHaveAttribute('width', '6000');
    expect(img).toHaveAttribute('height', '4000');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveClass('thumb');
    const source = img.closest('picture')!.querySelector('source')!;
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute('srcset', WIDTHS.map((w) => `/media/dunes-${w}w.webp ${w}w`).join(', '));
    expect(source).toHaveAttribute('sizes', '56px');
  });

  it('stays the plain address while the sizes are being made, then switches', async () => {
    let reads = 0;
    mockApi({ 'GET /media/dunes.jpg': () => [200, infoBody(mediaInfo(reads++ < 1 ? 'pending' : 'ready'))] });
    renderWithClient(<Thumb src="/media/dunes.jpg" alt="Dunes" />);
    await waitFor(() => expect(screen.getByAltText('Dunes')).toHaveAttribute('width', '6000'));
    expect(screen.getByAltText('Dunes')).toHaveAttribute('src', '/media/dunes.jpg');
    expect(screen.getByAltText('Dunes')).not.toHaveAttribute('srcset');
    await waitFor(() => expect(screen.getByAltText('Dunes')).toHaveAttribute('src', '/media/dunes-160w.jpg'));
  });

  it('shows a file the server has no record of (404) as a plain image', async () => {
    const { requests } = mockApi({ 'GET /media/old.png': () => [404, { message: 'Not found', errors: {} }] });
    renderWithClient(<Thumb src="/media/old.png" alt="Old" />);
    await waitFor(() => expect(requests).toHaveLength(1));
    const img = screen.getByAltText('Old');
    expect(img).toHaveAttribute('src', '/media/old.png');
    expect(img).not.toHaveAttribute('srcset');
    expect(img.closest('picture')).toBeNull();
  });

  it('shows an address elsewhere as it is, without asking the server', () => {
    const { fetchMock } = mockApi({});
    renderWithClient(<Thumb src="https://images.example.com/x.jpg" alt="Elsewhere" />);
    expect(screen.getByAltText('Elsewhere')).toHaveAttribute('src', 'https://images.example.com/x.jpg');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps videos and empty cells as they were', () => {
    mockApi({});
    const { container } = renderWithClient(
      <>
        <Thumb src="/media/clip.mp4" alt="Clip" />
        <Thumb src="" alt="Nothing" />
      </>,
    );
    expect(screen.getByLabelText('Clip').tagName).toBe('VIDEO');
    expect(container.querySelector('.thumb--empty')).toBeInTheDocument();
  });
});

describe('Media', () => {
  it('fills the details view from the sizes, its src at least twice the dialog\'s width', async () => {
    mockApi({ 'GET /media/dunes.jpg': () => [200, infoBody(mediaInfo('ready'))] });
    renderWithClient(<Media src="/media/dunes.jpg" alt="Dunes" className="details-view__media" />);
    await waitFor(() => expect(screen.getByAltText('Dunes')).toHaveAttribute('src', '/media/dunes-1200w.jpg'));
    expect(screen.getByAltText('Dunes')).toHaveAttribute('sizes', '(max-width: 600px) 100vw, 560px');
    expect(screen.getByAltText('Dunes')).toHaveClass('media', 'details-view__media');
  });
});
