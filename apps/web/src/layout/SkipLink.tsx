import classes from './skip-link.module.css';

/** The id of the page's main region, the target of the skip link and of focus after navigation. */
export const MAIN_ID = 'main-content';

/** 'Skip to main content': the first link of every page, shown when focused. */
export function SkipLink() {
  return (
    <a href={`#${MAIN_ID}`} className={classes.skip}>
      Skip to main content
    </a>
  );
}
