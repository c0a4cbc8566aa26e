import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths';
import * as recipes from './layout/recipes.module.css';
import * as styles from './logo.module.css';

/**
 * The mark and wordmark; colours come from semantic tokens, so it follows the theme. `onDark` is
 * for surfaces that stay dark in either theme (the launch overlay), where the light theme's dark
 * "MVP" would vanish. Plain elements with static classes (logo.module.css): it is on every page
 * twice (docs/performance.md, "Static styles").
 */
export function Logo({ onDark = false }: { onDark?: boolean }) {
  return (
    // The link's name is its visible wordmark (WCAG 2.5.3, label in name) and a word for screen
    // readers saying where it leads.
    <RouterLink to={paths.home.getHref()}>
      <div className={styles.row}>
        <span className={styles.mark} aria-hidden="true">
          <svg width="18" height="18" viewBox="0 0 32 32" fill="none">
            <path
              d="M6 24V8l10 9 10-9v16"
              stroke="currentColor"
              strokeWidth="3.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <p className={onDark ? styles.wordmarkOnDark : styles.wordmark}>
          MVP
          <span className={onDark ? styles.accentOnDark : styles.accent}>Marketplace</span>
          <span className={recipes.visuallyHidden}> home</span>
        </p>
      </div>
    </RouterLink>
  );
}
