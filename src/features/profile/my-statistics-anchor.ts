/**
 * The anchor of the profile page's "My statistics" block: the main menu links to it. A file of
 * its own, so the menu (in the first bundle) does not pull the lazy profile page in.
 */
export const MY_STATISTICS_ANCHOR = 'my-statistics';
