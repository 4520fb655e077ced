import { FLASH_SALE_DISCOUNTS } from '@/config/app';

/** A Flash Sale tile (000 §2.5 offer tile fields). */
export interface FlashSaleOffer {
  id: string;
  title: string;
  subtitle: string;
  discountText: string;
  image: string;
  timeLeft: string;
  isHot: boolean;
  /** The /deals?discount= it opens. */
  discount: number;
}

const art = (kind: string, colour: string) => `/api/media/art/${kind}/${colour}/front.svg`;

const TILES = [
  {
    title: 'Mega Markdown',
    subtitle: 'Oversized tees and cargos',
    image: art('oversized-tshirt', 'black'),
    timeLeft: '2h 15m left',
    isHot: true,
  },
  {
    title: 'Denim Days',
    subtitle: 'Jeans for every fit',
    image: art('jeans', 'blue'),
    timeLeft: '5h 40m left',
    isHot: false,
  },
  {
    title: 'Festive Finds',
    subtitle: 'Kurtas, sarees and more',
    image: art('kurta', 'red'),
    timeLeft: '1h 05m left',
    isHot: true,
  },
  {
    title: 'Sneaker Steals',
    subtitle: 'Fresh pairs, fresh prices',
    image: art('sneakers', 'white'),
    timeLeft: '8h 20m left',
    isHot: false,
  },
] as const;

/** The four tiles, opening /deals?discount=50, 20, 40 and 30 (000 §2.5, §9). */
export const FLASH_SALE_OFFERS: readonly FlashSaleOffer[] = FLASH_SALE_DISCOUNTS.map(
  (discount, index) => ({
    ...TILES[index]!,
    id: `flash-${discount}`,
    discount,
    discountText: `${discount}% OFF`,
  }),
);
