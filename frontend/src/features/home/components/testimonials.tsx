import * as styles from './home.module.css';

// Marketing copy of the home page, not data.
const TESTIMONIALS = [
  {
    quote:
      'We went from a blank repo to paying customers in a weekend. The auth and billing just worked.',
    name: 'Priya S.',
    role: 'Founder, InvoiceNest',
  },
  {
    quote: 'The code quality surprised me: typed, tested and easy to extend. It saved us weeks.',
    name: 'Marcus L.',
    role: 'CTO, FitTrack',
  },
  {
    quote: 'As a solo developer, the templates let me validate three ideas in a month.',
    name: 'Elena R.',
    role: 'Indie maker',
  },
] as const;

/** The home page's testimonials (static classes: home.module.css). */
export function Testimonials() {
  return (
    <section className={styles.sectionSubtle} aria-labelledby="testimonials-heading">
      <div className={styles.container6xl}>
        <h2 id="testimonials-heading" className={styles.centeredHeading}>
          Loved by founders
        </h2>
        <div className={styles.threeColumns}>
          {TESTIMONIALS.map((item) => (
            <figure key={item.name} className={styles.testimonial}>
              <blockquote className={styles.quote}>“{item.quote}”</blockquote>
              <figcaption>
                <p className={styles.name}>{item.name}</p>
                <p className={styles.caption}>{item.role}</p>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
