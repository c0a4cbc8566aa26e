import { LuDownload, LuRocket, LuSearch } from 'react-icons/lu';
import * as recipes from '@/components/layout/recipes.module.css';
import * as styles from './home.module.css';

const STEPS = [
  {
    icon: LuSearch,
    title: '1. Find your template',
    text: 'Browse starters by category and tech stack, read reviews and try the live demos.',
  },
  {
    icon: LuDownload,
    title: '2. Download the code',
    text: 'Subscribe to a plan and download the full source, ready to customise.',
  },
  {
    icon: LuRocket,
    title: '3. Launch',
    text: 'Add your idea on top of working auth, payments and UI, and ship in hours.',
  },
] as const;

/** The three-step how-it-works section of the home page (static classes: home.module.css). */
export function HowItWorks() {
  return (
    <section className={styles.section} aria-labelledby="how-it-works-heading">
      <div className={styles.container6xl}>
        <div className={styles.sectionHeader}>
          <h2 id="how-it-works-heading" className={recipes.heading3xl}>
            How it works
          </h2>
          <p className={styles.muted}>From idea to launched product in three steps.</p>
        </div>
        <div className={styles.threeColumns}>
          {STEPS.map((step) => (
            <div key={step.title} className={styles.step}>
              <div className={styles.stepIcon}>
                <step.icon />
              </div>
              <h3 className={recipes.headingLg}>{step.title}</h3>
              <p className={styles.muted}>{step.text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
