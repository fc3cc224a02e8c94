import { DISK_ERROR_MESSAGE, DISK_FULL_MESSAGE, READ_ONLY_MESSAGE } from '../../../../shared/contract/disk-messages'
import { FOLDER_NOT_REPLACED, VFS_MAX_UPLOAD_BYTES } from '../../../../shared/contract/vector-fs'
import { endsInDotsAfterType, endsInSpacesAfterType, trailingDotsText } from '../../../../shared/contract/vector-fs-types'
import { fileSizeText } from '../../../../shared/byte-size'
import { ApiFailure, errorText, NO_SESSION_TEXT } from '../../api/client'
import { canSucceedAgain, FileNotReadable } from './upload-failure'

/** The kinds of file the library reads, as people name them (the node's list: VFS_READABLE_EXTENSIONS). */
export const READABLE_KINDS_TEXT =
  'plain text (.txt), Markdown (.md, .markdown), web pages (.html, .htm), PDF (.pdf), Word (.docx), CSV (.csv), JSON (.json) and Shinkai resources (.vrkai)'

/** What an upload row says about a failure: plain sentences for the operator, and the node's own words behind its Details. */
export interface UploadFailureText {
  /** Names the file, says what went wrong in the operator's terms, and what to do. */
  readonly text: string
  /** The node's message as it came (or the error's): shown by the row's Details button (and its tooltip), never alone. */
  readonly detail: string
  /** Whether `detail` is the node's answer; not when the node did not answer, or the window failed first. */
  readonly answered: boolean
}

/** The size limit the node's 413 names ("file_data: larger than the upload limit of 256 MiB"), else the contract's. */
function limitOf(message: string): string {
  return /limit of ([^;(]+?)\s*(?:[;(]|$)/.exec(message)?.[1] ?? fileSizeText(VFS_MAX_UPLOAD_BYTES)
}

/**
 * Why a file the node could not read was refused, from the end of its "<file> could not be read: …":
 * damaged (or not what its name says), locked with a password, a zip bomb, a reading stopped (too
 * long, too much memory, the reader ended), a .vrkai that is not one. Another reason is given as the
 * node words it, with the general way out.
 */
function unreadable(name: string, message: string): string {
  const why = message.slice(message.indexOf(READ_FAILED) + READ_FAILED.length).trim()
  if (/^it is not a valid (PDF|Word)/.test(why))
    return `${name} could not be read: it seems damaged, protected by a password, or not really the kind of file its name says. Open it on this computer, save a fresh copy (without a password), and upload that.`
  if (/protected by a password/.test(why))
    return `${name} is protected by a password, so the node cannot read it. Save a copy without the password and upload that.`
  if (/zip bomb|far more than a Word document has/.test(why))
    return `${name} could not be read: unpacked, it would be far larger than the node reads from one document (as a zip bomb is), so it was not read. If it is a real document, save it again from Word, or split it, and upload that.`
  if (/took longer|more memory/.test(why))
    return `${name} could not be read: it is too large or complex for the node to read in one go. Split it into smaller files, or save a simpler copy (for a PDF, print it to a new PDF), and upload that.`
  if (/stopped unexpectedly/.test(why))
    return `${name} could not be read: the node's document reader stopped while reading it. Upload it again; if that fails too, the file may be damaged: save a fresh copy and upload that.`
  if (/\.vrkai/.test(why)) return `${name} could not be read: ${why}. Export it again from the app that made it, and upload that.`
  return `${name} could not be read: ${why}. Save a fresh copy of it, and upload that.`
}

const READ_FAILED = 'could not be read:'
/** A name's extension with its dot (`.txt`). */
const extensionOf = (name: string) => name.slice(name.lastIndexOf('.'))
/** The end of the node's 404 for an upload whose folder was deleted while the file was being sent or stored. */
const REMOVED_WHILE_UPLOADING = 'was removed while the file was uploading'

/**
 * Where the failure is shown: a row of the Files page's upload queue, which has Retry and Replace, or
 * a line of the job scope's library picker, which has neither (its file is dropped or chosen again).
 */
export type UploadPlace = 'queue' | 'picker'

/**
 * What an upload row says when `name` was not uploaded into `folder`. The node answers
 * `{code, error, message}`: its code picks the sentence here, and its message stays in `detail`.
 * The file is named first: a row of a long list is read on its own, by eye and by a screen reader.
 */
export function uploadFailureText(err: unknown, name: string, folder: string, where: UploadPlace = 'queue'): UploadFailureText {
  const detail = err instanceof Error ? err.message : String(err)
  const place = folder === '/' ? 'the top folder' : folder
  const queue = where === 'queue'
  const again = queue && canSucceedAgain(err) ? 'then choose Retry' : 'then upload it again'
  const text = ((): string => {
    if (err instanceof FileNotReadable)
      return `${name} was not uploaded: it could not be read on this computer (moved, changed or deleted since it was chosen, or not readable). Check the file, then ${queue ? 'choose it again with Upload files' : 'drop it again'}.`
    if (!(err instanceof ApiFailure))
      return `${name} was not uploaded: ${detail || 'something went wrong in this window'}. ${queue ? 'Choose Retry' : 'Upload it again'}.`
    const { status, message } = err
    if (status === 0) return `${name} was not uploaded: the node did not answer. Check that Nodedesk is still running, ${again}.`
    if (status === 401) return `${name} was not uploaded. ${NO_SESSION_TEXT}`
    if (status === 413)
      return `${name} is too large: the library takes files of up to ${limitOf(message)}. Split it into smaller files, or save a smaller copy, and upload that.`
    if (status === 415 && endsInSpacesAfterType(name))
      return `“${name}” was not uploaded: its name ends with a space after “${extensionOf(name.trimEnd())}”, so the library does not take it for a ${extensionOf(name.trimEnd())} file. Rename the file without the space at the end, and upload that.`
    if (status === 415 && endsInDotsAfterType(name)) {
      const type = extensionOf(name.replace(/\.+$/, ''))
      const dots = trailingDotsText(name)
      return `“${name}” was not uploaded: its name ends with ${dots} after “${type}”, so the library does not take it for a ${type} file. Rename the file without the ${dots === 'a dot' ? 'dot' : 'dots'} at the end, and upload that.`
    }
    if (status === 415)
      return `${name} is not a kind of file the library reads. It reads ${READABLE_KINDS_TEXT}. Save it as one of these, and upload that.`
    if (status === 400 && message.includes(READ_FAILED)) return unreadable(name, message)
    if (status === 400) return `${name} was not uploaded: ${errorText(err)}. Rename it if its name is the trouble, and upload it again.`
    if (status === 404 && message.includes(REMOVED_WHILE_UPLOADING))
      return `${name} was not uploaded: the folder ${place} was deleted while the file was uploading. Make the folder again, ${again}, or upload the file into another folder.`
    // A folder renamed or moved while the file uploads gets it all the same: this one was gone before.
    if (status === 404)
      return `${name} was not uploaded: the folder ${place} is no longer in the library (deleted or renamed). Make the folder again, ${again}, or upload the file into another folder.`
    if (status === 409 && message.includes(FOLDER_NOT_REPLACED))
      return `${name} was not uploaded: ${place} has a folder of that name, which a file does not replace. Rename or move that folder, ${again}.`
    if (status === 409)
      return `${name} was not uploaded: ${place} already has a file or folder of that name. ${queue ? 'Choose Replace to put this file in its place, or rename' : 'Rename'} or move that one, ${again}.`
    if (message === DISK_FULL_MESSAGE)
      return `${name} was not uploaded: the disk holding the node's data is full. Free some space on it, ${again}.`
    if (message === READ_ONLY_MESSAGE)
      return `${name} was not uploaded: the node's data folder cannot be written to (it is read-only). Make it writable, ${again}.`
    if (message === DISK_ERROR_MESSAGE)
      return `${name} was not uploaded: the disk holding the node's data reported an error. Check the disk, ${again}.`
    if (status === 408 || status === 504) return `${name} was not uploaded: the node took too long to answer. Wait a moment, ${again}.`
    if (status === 429 || status === 503) return `${name} was not uploaded: the node is busy or stopping. Wait a moment, ${again}.`
    return `${name} was not uploaded: the node ran into a problem (${errorText(err)}). ${queue ? 'Choose Retry' : 'Upload it again'}; if it fails again, the node's log has the details.`
  })()
  return { text, detail, answered: err instanceof ApiFailure && err.status !== 0 }
}
