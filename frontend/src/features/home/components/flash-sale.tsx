import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { BoltIcon } from '@/components/ui/icons';
import { SectionHeader } from '@/components/ui/section-header';
import { FLASH_SALE_OFFERS } from '../utils/flash-sale';
import home from './home.module.css';
import styles from './flash-sale.module.css';

/** Flash Sale: four offer tiles opening Hot Deals at 50, 20, 40 and 30 % (000 §2.5). */
export function FlashSale() {
  return (
    <section className={home.section} aria-labelledby="flash-sale-title">
      <SectionHeader id="flash-sale-title" title="Flash Sale" icon={<BoltIcon size={18} />} />
      <ul className={styles.grid}>
        {FLASH_SALE_OFFERS.map((offer) => (
          <li key={offer.id}>
            <Link to={paths.deals.getHref({ discount: offer.discount })} className={styles.tile}>
              <span className={styles.discount}>{offer.discountText}</span>
              <span className={styles.title}>{offer.title}</span>
              <span className={styles.subtitle}>{offer.subtitle}</span>
              <span className={styles.time}>{offer.timeLeft}</span>
              <span className={styles.media}>
                <img src={offer.image} alt="" loading="lazy" className={styles.image} />
                {offer.isHot && <span className={styles.hot}>HOT</span>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
