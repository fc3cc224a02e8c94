/** Library limits, apart from the schemas: windows use them without loading zod. */

/** The most paths one vector_fs_missing_paths call checks (a scope's every folder and item). */
export const MISSING_PATHS_MAX = 10_000

/** The longest text find_vector_fs_entries searches names for (a window sends a longer search's start). */
export const FIND_QUERY_MAX_CHARS = 200
