import { useParams } from 'react-router';
import { ProductDetail } from '@/features/products/components/product-detail';

/** The product page (/product/{id}, 000 §2.12). */
export function ProductRoute() {
  const { id = '' } = useParams();
  // Another product starts with no size chosen.
  return <ProductDetail key={id} productId={id} />;
}
