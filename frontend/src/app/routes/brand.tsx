import { useParams } from 'react-router';
import { BrandPage } from '@/features/brands/components/brand-page';

/** A brand's page (/brands/{brandId}, 000 §2.13). */
export function BrandRoute() {
  const { brandId = '' } = useParams();
  // A new brand starts with fresh filters.
  return <BrandPage key={brandId} brandId={brandId} />;
}
