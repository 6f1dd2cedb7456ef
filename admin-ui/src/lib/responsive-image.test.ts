import { mediaInfo, variantsOf } from '@/testing/media-info';
import { formatBytes, formatList, formatPercent, mediaFacts, responsiveSources } from './responsive-image';

describe('responsiveSources', () => {
  it('gives a ready image a WebP srcset, a fallback srcset and the smallest fallback wide enough as src', () => {
    const sources = responsiveSources(mediaInfo('ready'), 112);
    expect(sources).toEqual({
      src: '/media/dunes-160w.jpg',
      srcSet: [160, 480, 800, 1200, 1600, 2400].map((w) => `/media/dunes-${w}w.jpg ${w}w`).join(', '),
      webpSrcSet: [160, 480, 800, 1200, 1600, 2400].map((w) => `/media/dunes-${w}w.webp ${w}w`).join(', '),
      width: 6000,
      height: 4000,
    });
    expect(responsiveSources(mediaInfo('ready'), 840)?.src).toBe('/media/dunes-1200w.jpg');
    expect(responsiveSources(mediaInfo('ready'), 5000)?.src).toBe('/media/dunes-2400w.jpg');
  });

  it('keeps PNG as the fallback of a PNG', () => {
    const sources = responsiveSources(mediaInfo('ready', { url: '/media/logo.png', variants: variantsOf('logo', 'png') }), 112);
    expect(sources?.src).toBe('/media/logo-160w.png');
  });

  it('leaves every other image plain', () => {
    for (const status of ['pending', 'failed', 'original'] as const) expect(responsiveSources(mediaInfo(status), 112), status).toBeNull();
    expect(responsiveSources(null, 112)).toBeNull();
    expect(responsiveSources(mediaInfo('ready', { variants: [] }), 112)).toBeNull();
  });
});

describe('the facts of an image', () => {
  it('counts its widths and names its formats, WebP first', () => {
    expect(mediaFacts(mediaInfo('ready'))).toEqual({ width: 6000, height: 4000, bytes: 8_300_000, sizes: 6, formats: ['WebP', 'JPEG'] });
  });

  it.each([
    [8_300_000, 'en', { value: '8.3', unit: 'megabytes' }],
    [12_000_000, 'en', { value: '12', unit: 'megabytes' }],
    [999_600, 'en', { value: '1', unit: 'megabytes' }],
    [245_300, 'en', { value: '245', unit: 'kilobytes' }],
    [512, 'en', { value: '512', unit: 'bytes' }],
    [8_300_000, 'ar', { value: '8.3', unit: 'megabytes' }],
  ])('%d bytes in %s', (bytes, language, expected) => {
    expect(formatBytes(bytes, language)).toEqual(expected);
  });

  it('lists and counts in the admin\'s language, with Latin digits', () => {
    expect(formatList(['WebP', 'JPEG'], 'en')).toBe('WebP and JPEG');
    expect(formatList(['WebP', 'JPEG'], 'ar')).toBe('WebP وJPEG');
    expect(formatPercent(0.42, 'en')).toBe('42%');
    expect(formatPercent(0.42, 'ar')).toMatch(/^42\W*%\W*$/);
  });
});
