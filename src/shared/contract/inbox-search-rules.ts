/** The search query's limit, apart from the schemas: the window's first screen uses it without loading zod. */

/** The most characters (code points) `search_inboxes` takes in `q`. */
export const SEARCH_QUERY_MAX = 200

/** The start of `text` that `search_inboxes` takes: at most SEARCH_QUERY_MAX characters, an emoji counting as one. */
export const searchQueryWithin = (text: string): string => [...text].slice(0, SEARCH_QUERY_MAX).join('').trim()
