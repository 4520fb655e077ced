import { useParams, useSearchParams } from 'react-router';
import type { ProductListSource } from '../api/product-queries';
import { parseGender } from '../utils/product-text';
import { ProductList } from './product-list';

/**
 * /products/{categoryId}, or /products?brand=&gender= (001): a category's products, a brand's,
 * or without either the catalogue of a gender.
 */
export function ProductListScreen() {
  const { categoryId } = useParams();
  const [searchParams] = useSearchParams();
  const brandId = searchParams.get('brand');
  const gender = parseGender(searchParams.get('gender'));

  let source: ProductListSource;
  if (categoryId) source = { kind: 'category', categoryId };
  else if (brandId) source = { kind: 'brand', brandId, gender };
  else source = { kind: 'all', gender };

  return <ProductList source={source} name={searchParams.get('name')} />;
}
