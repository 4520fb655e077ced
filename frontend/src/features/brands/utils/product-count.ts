/** '1 product', '63 products'. */
export function productCountText(count: number): string {
  return `${count} ${count === 1 ? 'product' : 'products'}`;
}
