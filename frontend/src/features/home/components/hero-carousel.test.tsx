import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { HERO_BANNER_SIZES } from '@/components/ui/hero-banner';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { HeroCarousel } from './hero-carousel';

const builtIn = (_id: string, title: string, file: string) => ({
  _id,
  title,
  url: `/api/media/banner/${file}.svg`,
  srcset: null,
  category: 'hero',
  device: 'all',
  tags: [],
  campaign: null,
  displayPeriod: { startDate: null, endDate: null },
  priority: 0,
  isActive: true,
  version: 1,
});

const published = {
  ...builtIn('b1', 'Diwali Edit', 'unused'),
  url: '/api/media/img/ab12-1080.webp',
  srcset:
    '/api/media/img/ab12-320.webp 320w, /api/media/img/ab12-640.webp 640w, /api/media/img/ab12-1080.webp 1080w',
  device: 'mobile',
  tags: ['diwali'],
  campaign: 'diwali-2026',
  displayPeriod: { startDate: '2026-11-01T00:00:00Z', endDate: '2026-11-30T23:59:59Z' },
  priority: 10,
};

function answering(images: unknown[]) {
  const asked: URL[] = [];
  server.use(
    http.get('*/api/images/static', ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json({ success: true, images });
    }),
  );
  return asked;
}

function bannerImages() {
  return within(screen.getByRole('list', { name: 'Highlights' })).getAllByRole('img');
}

describe('home hero (000 §2.5, the admin library)', () => {
  it("shows the admin's banners as the library answers them, with their widths", async () => {
    const asked = answering([
      published,
      builtIn('img1', 'Flash Sale', 'flash-sale'),
      builtIn('img2', 'New Arrivals', 'new-arrivals'),
      builtIn('img3', 'Exclusive', 'exclusive'),
    ]);
    renderWithProviders(<HeroCarousel />);
    await screen.findByRole('list', { name: 'Highlights' });
    expect(bannerImages().map((img) => img.getAttribute('alt'))).toEqual([
      'Diwali Edit',
      'Flash Sale',
      'New Arrivals',
    ]);
    const [first, second] = bannerImages();
    expect(first).toHaveAttribute('src', published.url);
    expect(first).toHaveAttribute('srcset', published.srcset);
    expect(first).toHaveAttribute('sizes', HERO_BANNER_SIZES);
    expect(first).toHaveAttribute('loading', 'eager');
    expect(second).not.toHaveAttribute('srcset');
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.searchParams.get('category')).toBe('hero');
    expect(asked[0]!.searchParams.get('device')).toBe('mobile');
  });

  it('keeps the built-in three when the admin published none', async () => {
    answering([
      builtIn('img1', 'Flash Sale', 'flash-sale'),
      builtIn('img2', 'New Arrivals', 'new-arrivals'),
      builtIn('img3', 'Exclusive', 'exclusive'),
    ]);
    renderWithProviders(<HeroCarousel />);
    await screen.findByRole('list', { name: 'Highlights' });
    expect(bannerImages().map((img) => img.getAttribute('alt'))).toEqual([
      'Flash Sale',
      'New Arrivals',
      'Exclusive',
    ]);
  });

  it('shows the first three (000 §2.5) and skips entries without an image', async () => {
    answering([
      { _id: 'broken', title: 'No url' },
      ...Array.from({ length: 5 }, (_, i) => builtIn(`x${i}`, `Banner ${i}`, `b${i}`)),
    ]);
    renderWithProviders(<HeroCarousel />);
    await screen.findByRole('list', { name: 'Highlights' });
    expect(bannerImages().map((img) => img.getAttribute('alt'))).toEqual([
      'Banner 0',
      'Banner 1',
      'Banner 2',
    ]);
  });

  it('is left out when nothing is showing', async () => {
    answering([]);
    renderWithProviders(<HeroCarousel />);
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Loading highlights' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('list', { name: 'Highlights' })).not.toBeInTheDocument();
  });
});
