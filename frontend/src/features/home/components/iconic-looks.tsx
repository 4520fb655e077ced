import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ICONIC_LOOKS, LOOKS } from '@/config/looks';
import { Carousel } from '@/components/ui/carousel';
import { HeartIcon } from '@/components/ui/icons';
import { SectionHeader } from '@/components/ui/section-header';
import type { HomeGender } from '../utils/genders';
import home from './home.module.css';
import styles from './iconic-looks.module.css';

/** The style quiz's way in from home: it ends on one of these looks (001 §2 Style Quiz). */
export const STYLE_QUIZ_LINK = 'Style Quiz';

/** Iconic Looks: three looks per gender, unisex showing the women's (000 §2.5). */
export function IconicLooks({ gender }: { gender: HomeGender }) {
  return (
    <section className={home.section} aria-labelledby="iconic-looks-title">
      <SectionHeader
        id="iconic-looks-title"
        title="Iconic Looks"
        icon={<HeartIcon size={18} />}
        link={{ label: STYLE_QUIZ_LINK, to: paths.styleQuiz.getHref() }}
      />
      <Carousel label={`${gender.sectionName} looks`} itemWidth="82%">
        {ICONIC_LOOKS[gender.gender].map((lookId) => {
          const look = LOOKS[lookId];
          return (
            <Link key={look.id} to={paths.look.getHref(look.id)} className={styles.tile}>
              <span className={home.banner}>
                <img src={look.image} alt="" loading="lazy" className={home.bannerImage} />
              </span>
              <span className={styles.title}>{look.title}</span>
              <span className={styles.subtitle}>{look.subtitle}</span>
            </Link>
          );
        })}
      </Carousel>
    </section>
  );
}
