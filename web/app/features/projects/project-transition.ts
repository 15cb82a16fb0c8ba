/**
 * The view-transition names a project carries from its tile into its page and back (issue 26):
 * the cover's box grows into the page's media column, the name moves into the title. Only the
 * tile being opened and the page it opens carry them (names are unique on a page).
 */
export const PROJECT_TRANSITION = { media: 'project-media', title: 'project-title' } as const;
