// The home hero's banners: what the admin's image library shows now in the 'hero' place for a
// phone (GET /images/static?category=hero&device=mobile), highest priority first. The answer
// is checked for its shape here, so the hero gets typed banners or an ApiError.

import { api } from '@/api/client';
import { hasId, isRecord, unexpectedResponse } from '@/api/guards';
import { HERO_MAX_BANNERS } from '@/components/ui/hero-banner';

/** A banner as the hero draws it. `srcset` lists the uploaded image's widths (null for art). */
export interface HeroBanner {
  _id: string;
  title: string;
  url: string;
  srcset?: string | null;
}

function isBanner(value: unknown): value is HeroBanner {
  if (!isRecord(value) || !hasId(value)) return false;
  const { title, url, srcset } = value as Record<string, unknown>;
  return (
    typeof title === 'string' &&
    typeof url === 'string' &&
    (srcset === undefined || srcset === null || typeof srcset === 'string')
  );
}

/** GET /images/static?category=hero&device=mobile: the hero banners showing now. */
export async function getHeroBanners(signal?: AbortSignal): Promise<HeroBanner[]> {
  const data = await api.get<unknown>('/images/static', {
    query: { category: 'hero', device: 'mobile' },
    signal,
  });
  if (!isRecord(data) || !Array.isArray(data.images)) throw unexpectedResponse();
  return data.images.filter(isBanner).slice(0, HERO_MAX_BANNERS);
}
