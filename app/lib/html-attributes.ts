/**
 * HTML attributes React 18 does not know by name (decision 390): it writes an unknown attribute
 * only as a string, lower-case as HTML has it, and drops `true`. Spread these onto the element.
 */

/** `inert` while `on`: the element and everything in it out of focus, clicks and the accessibility tree. */
export const inertWhen = (on: boolean): Record<string, string> => (on ? { inert: "" } : {});

/** `fetchpriority="high"` while `on`: the browser fetches this picture before the page's others. */
export const highFetchPriorityWhen = (on: boolean): Record<string, string> => (on ? { fetchpriority: "high" } : {});
