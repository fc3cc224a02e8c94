/**
 * The node's messages for a failure of the data folder's disk (500s of any write). Shared so that the
 * window can tell them apart from other 500s and say what the operator can do in its own words.
 */
export const DISK_FULL_MESSAGE =
  'disk: the disk holding the data folder is full, so nothing was saved; free some space and try again (reading still works)'

export const READ_ONLY_MESSAGE =
  'disk: the data folder cannot be written to (read-only), so nothing was saved; make it writable and try again (reading still works)'

export const DISK_ERROR_MESSAGE =
  'disk: the disk holding the data folder reported an error while saving, so nothing was saved; check the disk and try again'
